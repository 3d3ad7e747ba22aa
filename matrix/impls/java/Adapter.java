// Adapter: a Java RFC 8785 library served as a canonfuzz canonicalizer over
// the subprocess protocol, version 1 (fuzz/oracle/subprocess/PROTOCOL.md).
//
// Both Java libraries of the study expose the same shape, the author's
// reference API: new JsonCanonicalizer(String).getEncodedUTF8().
//
//   org.webpki.jcs.JsonCanonicalizer   cyberphone/json-canonicalization, java/canonicalizer
//   org.erdtman.jcs.JsonCanonicalizer  erdtman/java-json-canonicalization
//
// The library, and how it is built, are outside this repository: its code is
// never part of canonfuzz, and no script or recipe here fetches or builds it.
// Someone compiles it by their own means, from the sources recorded in
// matrix/impls/sources.txt, together with this file, into a class path D
// holding SOURCE (the lines `repository REPOSITORY`, `commit HASH` and
// `version V`: key, one space, value), and lists it in an impls.txt (format
// in docs/STUDY.md, "The seven external implementations"). Run as
//
//   java -Xss16m -cp D Adapter NAME CLASS D
//
// The input is decoded as strict UTF-8 (the protocol asks for ill-formed
// input to be refused, never replaced; the library's own byte[] constructor
// would replace it) and handed to the String constructor; whatever the
// library throws, an Exception or a StackOverflowError, is its refusal.
//
// Requests are read with a pattern per field rather than a JSON parser: the
// JDK has none, and a request is canonfuzz's own one-line object whose
// values are an integer and base64 or ASCII-letter strings.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class Adapter {
    private static final String NOT_INSTALLED = "the library is not installed: it is built outside this repository "
            + "from the sources recorded in matrix/impls/sources.txt and listed in DIR/impls.txt "
            + "(format in docs/STUDY.md); run make matrix STUDY_EXT=DIR";
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    private static final Pattern OP = Pattern.compile("\"op\"\\s*:\\s*\"([A-Za-z]+)\"");
    private static final Pattern INPUT = Pattern.compile("\"input\"\\s*:\\s*\"([A-Za-z0-9+/=]*)\"");

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: java Adapter NAME CLASS DIR");
            System.exit(2);
        }
        String name = args[0];
        Map<String, String> source;
        try {
            source = readSource(Path.of(args[2], "SOURCE"));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException(e.getFile() + ": no such file: " + NOT_INSTALLED, e);
        }
        String version = source.get("version") + " (" + source.get("repository") + " "
                + source.get("commit").substring(0, Math.min(12, source.get("commit").length())) + ")";
        Class<?> c = Class.forName(args[1]);
        Constructor<?> ctor = c.getConstructor(String.class);
        Method encoded = c.getMethod("getEncodedUTF8");
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String id = field(ID, line);
            String op = field(OP, line);
            String resp;
            if (id == null || op == null) {
                resp = fail(id == null ? "0" : id, "protocol: request without id or op");
            } else if (op.equals("hello")) {
                resp = "{\"id\":" + id + ",\"ok\":true,\"name\":" + quote(name) + ",\"version\":" + quote(version) + ",\"protocol\":1}";
            } else if (op.equals("canonicalize")) {
                resp = canonicalize(id, field(INPUT, line), ctor, encoded);
            } else {
                resp = fail(id, "unknown op: " + op);
            }
            out.print(resp + "\n");
            out.flush();
        }
    }

    private static String canonicalize(String id, String input, Constructor<?> ctor, Method encoded) {
        if (input == null) {
            return fail(id, "protocol: canonicalize without a base64 input");
        }
        String text;
        try {
            byte[] raw = Base64.getDecoder().decode(input);
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw)).toString();
        } catch (IllegalArgumentException | CharacterCodingException e) {
            return fail(id, "input is not UTF-8: " + e);
        }
        try {
            byte[] got = (byte[]) encoded.invoke(ctor.newInstance(text));
            return "{\"id\":" + id + ",\"ok\":true,\"output\":\"" + Base64.getEncoder().encodeToString(got) + "\"}";
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            return fail(id, t.getClass().getSimpleName() + ": " + t.getMessage());
        } catch (ReflectiveOperationException e) {
            return fail(id, "adapter: " + e);
        } catch (StackOverflowError e) {
            return fail(id, "StackOverflowError");
        }
    }

    private static Map<String, String> readSource(Path p) throws IOException {
        Map<String, String> m = new HashMap<>();
        for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
            int sp = line.indexOf(' ');
            if (sp > 0) {
                m.put(line.substring(0, sp), line.substring(sp + 1));
            }
        }
        for (String k : new String[] {"repository", "commit", "version"}) {
            if (!m.containsKey(k)) {
                throw new IOException(p + " has no `" + k + " VALUE` line (SOURCE's format: docs/STUDY.md)");
            }
        }
        return m;
    }

    private static String field(Pattern p, String line) {
        Matcher m = p.matcher(line);
        return m.find() ? m.group(1) : null;
    }

    private static String fail(String id, String why) {
        String s = why == null ? "" : why;
        return "{\"id\":" + id + ",\"ok\":false,\"error\":" + quote(s.length() > 300 ? s.substring(0, 300) : s) + "}";
    }

    /** quote writes s as a JSON string, every character outside printable ASCII escaped. */
    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                b.append('\\').append(ch);
            } else if (ch < 0x20 || ch > 0x7e) {
                b.append(String.format("\\u%04x", (int) ch));
            } else {
                b.append(ch);
            }
        }
        return b.append('"').toString();
    }
}
