// server.js: an npm RFC 8785 canonicalizer, or the ECMAScript ground truth,
// served over the canonfuzz subprocess oracle protocol
// (../subprocess/PROTOCOL.md): one JSON request per stdin line, one JSON
// response per stdout line, bytes in base64.
//
//   node server.js --lib canonicalize|json-canonicalize|ecmascript|canonicalize-4|json-canon|canonify
//
// Every library is fed the same JavaScript value: the input bytes decoded
// as UTF-8 with a fatal decoder (ill-formed UTF-8 is refused, never
// replaced by U+FFFD) and parsed by JSON.parse. The output string must be
// well-formed UTF-16 to be encoded back to UTF-8 bytes; one that is not is
// refused rather than silently repaired.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const here = new URL('.', import.meta.url);

// String.prototype.isWellFormed is ES2024 (Node 20). npm canonicalize 5
// calls it (its package.json asks for Node 22), and so does this server;
// on an older Node, such as Debian 12's 18, it is defined here exactly as
// the standard does: false when the string holds a lone surrogate.
if (typeof String.prototype.isWellFormed !== 'function') {
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  Object.defineProperty(String.prototype, 'isWellFormed', {
    value: function isWellFormed () { return !lone.test(String(this)); },
    configurable: true,
    writable: true
  });
}

// installedVersion reads the version of an npm package from the
// package.json actually installed, so hello reports what runs.
function installedVersion (pkg) {
  const meta = new URL(`node_modules/${pkg}/package.json`, here);
  return JSON.parse(readFileSync(meta, 'utf8')).version;
}

// ecmascript is the ground truth RFC 8785 section 3.2 describes: the
// value as JSON.parse builds it, members sorted by the default sort (UTF-16
// code units), every primitive written by JSON.stringify. The one addition
// is RFC 8785 section 3.2.2.3's error for a number with no finite value
// (JSON.parse turns 1e400 into Infinity, which JSON.stringify writes as
// null). Lone surrogates are left to JSON.stringify, which escapes them.
function ecmascript (value) {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`${value} has no JSON form (RFC 8785 section 3.2.2.3)`);
  }
  if (Array.isArray(value)) {
    return '[' + value.map(ecmascript).join(',') + ']';
  }
  if (value !== null && typeof value === 'object') {
    return '{' + Object.keys(value).sort()
      .map((k) => JSON.stringify(k) + ':' + ecmascript(value[k]))
      .join(',') + '}';
  }
  return JSON.stringify(value);
}

// libraries maps each --lib to its npm package (an npm alias for a second
// version of one package), the export that canonicalizes, and the oracle's
// name. The first three are the oracles every differential test runs; the
// others are the further RFC 8785 implementations npm serves, run by the
// differential study (canonfuzz matrix).
const libraries = {
  canonicalize: { pkg: 'canonicalize', name: 'npm/canonicalize', pick: (m) => m.default },
  'json-canonicalize': { pkg: 'json-canonicalize', name: 'npm/json-canonicalize', pick: (m) => m.canonicalize },
  'canonicalize-4': { pkg: 'canonicalize-4', name: 'npm/canonicalize', pick: (m) => m.default },
  'json-canon': { pkg: 'json-canon', name: 'npm/json-canon', pick: (m) => m.default },
  canonify: { pkg: '@truestamp/canonify', name: 'npm/@truestamp/canonify', pick: (m) => m.canonify }
};

// load returns the library's name, version and canonicalize function.
async function load (lib) {
  if (lib === 'ecmascript') {
    return { name: 'node/ecmascript', version: 'node ' + process.version, fn: ecmascript };
  }
  const l = Object.hasOwn(libraries, lib) ? libraries[lib] : undefined;
  if (l === undefined) {
    throw new Error(`unknown --lib ${lib}: want ecmascript or one of ${Object.keys(libraries).join(', ')}`);
  }
  const fn = l.pick(await import(l.pkg));
  if (typeof fn !== 'function') {
    throw new Error(`${l.pkg} exports no canonicalize function`);
  }
  return { name: l.name, version: installedVersion(l.pkg), fn };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// canonicalizeBytes runs fn on the input bytes and returns the output as
// base64, or throws the reason the input is refused.
function canonicalizeBytes (fn, input) {
  if (typeof input !== 'string' || !base64.test(input)) {
    throw new Error('protocol: input is not base64');
  }
  let text;
  try {
    text = utf8.decode(Buffer.from(input, 'base64'));
  } catch (e) {
    throw new Error('input is not UTF-8: ' + e.message);
  }
  const out = fn(JSON.parse(text));
  if (typeof out !== 'string') {
    throw new Error(`library returned ${typeof out}, not a string`);
  }
  if (!out.isWellFormed()) {
    throw new Error('output holds a lone surrogate, which UTF-8 cannot encode');
  }
  return Buffer.from(out, 'utf8').toString('base64');
}

// formatNumbers is String(x) for each double given as 16 hex digits.
function formatNumbers (bits) {
  if (!Array.isArray(bits)) {
    throw new Error('protocol: bits is not an array');
  }
  const buf = Buffer.alloc(8);
  return bits.map((hex) => {
    if (typeof hex !== 'string' || !/^[0-9a-f]{16}$/.test(hex)) {
      throw new Error(`protocol: bits entry ${JSON.stringify(hex)} is not 16 hex digits`);
    }
    buf.write(hex, 'hex');
    return String(buf.readDoubleBE(0));
  });
}

function answer (oracle, req) {
  switch (req.op) {
    case 'hello':
      return { ok: true, name: oracle.name, version: oracle.version, protocol: 1 };
    case 'canonicalize':
      return { ok: true, output: canonicalizeBytes(oracle.fn, req.input) };
    case 'number':
      return { ok: true, strings: formatNumbers(req.bits) };
    default:
      return { ok: false, error: `unknown op: ${req.op}` };
  }
}

async function main () {
  const at = process.argv.indexOf('--lib');
  const oracle = await load(at < 0 ? undefined : process.argv[at + 1]);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const req = JSON.parse(line);
    let resp;
    try {
      resp = answer(oracle, req);
    } catch (e) {
      resp = { ok: false, error: `${e.name}: ${e.message}`.replace(/\s+/g, ' ') };
    }
    process.stdout.write(JSON.stringify({ id: req.id, ...resp }) + '\n');
  }
}

main().catch((e) => {
  process.stderr.write(`server.js: ${e.stack || e}\n`);
  process.exit(1);
});
