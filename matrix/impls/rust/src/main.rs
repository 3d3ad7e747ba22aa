//! A Rust RFC 8785 library served as a canonfuzz canonicalizer over the
//! subprocess protocol, version 1 (fuzz/oracle/subprocess/PROTOCOL.md).
//!
//! Both Rust libraries of the study are serde serializers with one entry
//! point, `to_vec(&value) -> serde_json::Result<Vec<u8>>`: serde_jcs 0.1.0
//! and serde_json_canonicalizer. The library, and how this file is built
//! with it, are outside this repository: neither library is ever part of
//! canonfuzz, and no manifest, script or recipe here fetches or builds it.
//! Someone builds this file by their own means, once per library, from the
//! sources recorded in matrix/impls/sources.txt, the library reachable as
//! the crate `jcs_lib` (beside serde_json, which the study's builds used
//! with its float_roundtrip feature, and base64 0.13, which it uses), into
//! a program D/jcs-adapter beside D/SOURCE (the lines
//! `repository REPOSITORY`, `commit HASH`, `version V` and, optionally,
//! `with REPOSITORY HASH VERSION` for the ryu-js it was built with: key, one
//! space, value), and lists it in an impls.txt (format in docs/STUDY.md,
//! "The seven external implementations"). Run as
//!
//!     D/jcs-adapter NAME D
//!
//! The text is parsed as the libraries' documentation and tests do,
//! `serde_json::from_slice::<serde_json::Value>` (which refuses ill-formed
//! UTF-8 and lone surrogate escapes, keeps the last of duplicate names,
//! holds an integer that fits 64 bits exactly and stops at 128 levels), and
//! written with the library's `to_vec`. An error of either is a refusal.
use std::collections::HashMap;
use std::io::{BufRead, Write};

use serde_json::{json, Value};

fn read_source(dir: &str) -> Result<HashMap<String, String>, String> {
    let path = format!("{}/SOURCE", dir);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "{}: {}: the library is not installed: it is built outside this repository from the sources recorded in \
             matrix/impls/sources.txt and listed in DIR/impls.txt (format in docs/STUDY.md); run make matrix STUDY_EXT=DIR",
            path, e
        )
    })?;
    let m: HashMap<String, String> = text
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect();
    for k in ["repository", "commit", "version"] {
        if !m.contains_key(k) {
            return Err(format!("{} has no `{} VALUE` line (SOURCE's format: docs/STUDY.md)", path, k));
        }
    }
    Ok(m)
}

fn canonicalize(input: &str) -> Result<Vec<u8>, String> {
    let raw = base64::decode(input).map_err(|e| format!("protocol: input is not base64: {}", e))?;
    let v: Value = serde_json::from_slice(&raw).map_err(|e| format!("serde_json: {}", e))?;
    jcs_lib::to_vec(&v).map_err(|e| format!("to_vec: {}", e))
}

fn answer(req: &Value, name: &str, version: &str) -> Value {
    let id = req.get("id").cloned().unwrap_or(Value::Null);
    match req.get("op").and_then(Value::as_str) {
        Some("hello") => json!({"id": id, "ok": true, "name": name, "version": version, "protocol": 1}),
        Some("canonicalize") => match req.get("input").and_then(Value::as_str).map(canonicalize) {
            Some(Ok(out)) => json!({"id": id, "ok": true, "output": base64::encode(out)}),
            Some(Err(e)) => json!({"id": id, "ok": false, "error": e}),
            None => json!({"id": id, "ok": false, "error": "protocol: canonicalize without a base64 input"}),
        },
        op => json!({"id": id, "ok": false, "error": format!("unknown op: {:?}", op)}),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: jcs-adapter NAME DIR (the folder with SOURCE)");
        std::process::exit(2)
    }
    let (name, dir) = (&args[1], &args[2]);
    let src = read_source(dir).unwrap_or_else(|e| {
        eprintln!("jcs-adapter: {}", e);
        std::process::exit(2)
    });
    let commit = &src["commit"];
    let mut version = format!("{} ({} {})", src["version"], src["repository"], &commit[..commit.len().min(12)]);
    if let Some(with) = src.get("with") {
        version = format!("{}, with {}", version, with);
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        let resp = match serde_json::from_str::<Value>(&line) {
            Ok(req) => answer(&req, name, &version),
            Err(e) => json!({"id": 0, "ok": false, "error": format!("protocol: {}", e)}),
        };
        writeln!(out, "{}", resp).and_then(|_| out.flush()).expect("stdout");
    }
}
