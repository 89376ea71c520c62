// localStorage as the browser has it (getItem, setItem, removeItem, key(n), length), for the
// offline client's unit tests; `map` is what it holds.
"use strict";

function storage() {
  const map = new Map();
  return {
    get length() { return map.size; },
    key: (n) => Array.from(map.keys())[n] ?? null,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => { map.set(k, String(v)); },
    removeItem: (k) => { map.delete(k); },
    map,
  };
}

module.exports = { storage };
