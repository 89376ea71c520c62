"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const answers = require("../../static/js/offline/answers.js");

const LOGIN = "/accounts/login/";

test("the server's word is the outcome", () => {
  for (const word of ["saved", "refused", "warned", "changed", "locked"]) {
    assert.equal(answers.classify({ status: 200, outcome: word, url: "http://h/t/x/" }, LOGIN),
                 word);
    assert.ok(answers.swaps(word));
  }
  assert.equal(answers.classify({ status: 404, outcome: "code-void" }, LOGIN), "void");
  assert.equal(answers.classify({ status: 429, outcome: "code-void" }, LOGIN), "void");
});

test("the login page means the session ended, whatever its status", () => {
  const page = { status: 200, url: "http://h/accounts/login/?next=/x/" };
  assert.equal(answers.classify(page, LOGIN), "logged-out");
  assert.ok(!answers.swaps("logged-out"));
});

test("a 403 without the save's word is another login's refusal", () => {
  assert.equal(answers.classify({ status: 403, url: "http://h/x/" }, LOGIN), "other-login");
});

test("no answer, a server error or a stranger's page: sent again later, never swapped in", () => {
  assert.equal(answers.classify({ error: "network" }, LOGIN), "retry");
  assert.equal(answers.classify({ error: "timeout" }, LOGIN), "retry");
  assert.equal(answers.classify({ status: 502, url: "http://h/x/" }, LOGIN), "retry");
  assert.equal(answers.classify({ status: 500, outcome: "saved" }, LOGIN), "retry");
  assert.equal(answers.classify({ status: 200, url: "http://wifi/portal" }, LOGIN), "retry");
  assert.equal(answers.classify(null, LOGIN), "retry");
  for (const kind of ["retry", "void", "other-login"]) assert.ok(!answers.swaps(kind));
});

test("who is logged in comes from the cm-who cookie", () => {
  assert.deepEqual(answers.loggedIn("a=1; cm-who=u12.abc; b=2"), { identity: "u12", token: "abc" });
  assert.equal(answers.loggedIn("a=1"), null);
  assert.equal(answers.loggedIn("cm-who="), null);
});

test("a login's save is sent only while that login is on the phone; a code's always", () => {
  assert.equal(answers.maySend("u12", "cm-who=u12.abc"), "ok");
  assert.equal(answers.maySend("u12", "cm-who=u12.new-session"), "ok");
  assert.equal(answers.maySend("u12", "cm-who=u7.xyz"), "other-login");
  assert.equal(answers.maySend("u12", ""), "logged-out");
  assert.equal(answers.maySend("c4", ""), "ok");
  assert.equal(answers.maySend("c4", "cm-who=u7.xyz"), "ok");
});
