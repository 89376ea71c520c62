// The score page's client stays readable: no module over 200 lines; offline.js and scores.js
// thin entry points over static/js/offline/ and static/js/scores/.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const JS = path.join(__dirname, "..", "..", "static", "js");

function lines(file) { return fs.readFileSync(path.join(JS, file), "utf8").split("\n").length - 1; }
function under(dir) { return fs.readdirSync(path.join(JS, dir)).map((f) => path.join(dir, f)); }

test("no module of the offline client is over 200 lines", () => {
  const files = under("offline");
  files.push("offline.js");
  assert.ok(files.length >= 8);
  for (const file of files) assert.ok(lines(file) <= 200, `${file}: ${lines(file)} lines`);
});

test("no module of the score page's client is over 200 lines", () => {
  const files = under("scores").concat(
    fs.readdirSync(JS).filter((f) => f.endsWith(".js")));  // scores.js, offline.js, site.js, …
  assert.ok(files.length >= 10 && files.includes("scores.js"));
  for (const file of files) assert.ok(lines(file) <= 200, `${file}: ${lines(file)} lines`);
});

test("offline.js only wires its modules together", () => {
  assert.ok(lines("offline.js") <= 50, `offline.js: ${lines("offline.js")} lines`);
  assert.ok(!/function \w+\(/.test(fs.readFileSync(path.join(JS, "offline.js"), "utf8")));
});

test("scores.js only wires its modules together", () => {
  assert.ok(lines("scores.js") <= 40, `scores.js: ${lines("scores.js")} lines`);
  assert.ok(!/function \w+\(/.test(fs.readFileSync(path.join(JS, "scores.js"), "utf8")));
});

test("the client reaches a game's markup through generic hooks only", () => {
  for (const file of under("offline").concat(under("scores"), ["scores.js"])) {
    const text = fs.readFileSync(path.join(JS, file), "utf8");
    assert.ok(!/\.hf-|high.?five|jokeren/i.test(text), file);
  }
});

test("one sender: no fetch or XMLHttpRequest of its own for a save", () => {
  for (const file of fs.readdirSync(path.join(JS, "offline")).concat(["../offline.js"])) {
    const text = fs.readFileSync(path.join(JS, "offline", file), "utf8");
    assert.ok(!/\bfetch\(|XMLHttpRequest|innerHTML/.test(text), file);
  }
});
