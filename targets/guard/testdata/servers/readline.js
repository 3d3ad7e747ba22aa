#!/usr/bin/env node
// A stdio server that reads its input with Node's readline, which ends a
// line at LF, CR or CRLF. Every line is appended to LOG as one JSON string
// per line before anything else is done with it; a line that is a
// JSON-RPC request is answered with an empty result (a tools/call too: that
// is "running" it). Node's standard library only.
//
// usage: node readline.js LOG
'use strict';
const fs = require('fs');
const readline = require('readline');
const log = fs.openSync(process.argv[2], 'a');
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  fs.writeSync(log, JSON.stringify(line) + '\n');
  let msg;
  try { msg = JSON.parse(line); } catch { return; }
  if (msg && typeof msg === 'object' && 'method' in msg && 'id' in msg) {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} }) + '\n');
  }
});
rl.on('close', () => process.exit(0));
