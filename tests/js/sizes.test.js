// The offline client stays readable: no module over 200 lines, offline.js a thin entry point.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const JS = path.join(__dirname, "..", "..", "static", "js");

test("no module of the offline client is over 200 lines", () => {
  const files = fs.readdirSync(path.join(JS, "offline")).map((f) => path.join("offline", f));
  files.push("offline.js");
  assert.ok(files.length >= 8);
  for (const file of files) {
    const lines = fs.readFileSync(path.join(JS, file), "utf8").split("\n").length - 1;
    assert.ok(lines <= 200, `${file}: ${lines} lines`);
  }
});

test("the client reaches a game's markup through generic hooks only", () => {
  for (const file of fs.readdirSync(path.join(JS, "offline"))) {
    const text = fs.readFileSync(path.join(JS, "offline", file), "utf8");
    assert.ok(!/\.hf-|high.?five|jokeren/i.test(text), file);
  }
});

test("one sender: no fetch or XMLHttpRequest of its own for a save", () => {
  for (const file of fs.readdirSync(path.join(JS, "offline")).concat(["../offline.js"])) {
    const text = fs.readFileSync(path.join(JS, "offline", file), "utf8");
    assert.ok(!/\bfetch\(|XMLHttpRequest|innerHTML/.test(text), file);
  }
});
