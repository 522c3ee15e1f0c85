// Fuel for a compiled program, so the runner can stop it at the time limit by
// itself: a rewrite of the WebAssembly binary that counts down a global at the
// start of every function and of every loop iteration, and calls the import
// pixel_judge.tick() when it reaches zero.  tick() checks the clock: it throws
// past the deadline (which unwinds the program) and otherwise returns the next
// amount of fuel.  A worker's terminate() does not stop a loop that never leaves
// WebAssembly in every browser (WebKit's lets it run on), and a run that stops
// itself needs no new worker either.
//
// The rewrite: one type ([] -> [i32]) appended to the type section, the import
// appended to the imports (so every function defined in the module moves up one
// index: calls, ref.func, exports, the start function and element segments are
// renumbered), one mutable i32 global appended, and the check inserted in each
// function body.  The "name" section is dropped (its function indices would be
// stale).  A construct this does not know (SIMD, atomics, GC) makes it give up:
// instrument() then returns null and the program runs as compiled.

import { FUEL, FUEL_IMPORT, FUEL_MODULE } from "./fuel-abi.js";
import { joinBytes } from "../util/bytes.js";
import { uleb128 } from "./leb128.js";

export { FUEL, FUEL_IMPORT, FUEL_MODULE };

class Unsupported extends Error {}

class Reader {
  constructor(bytes, pos = 0, end = bytes.length) {
    this.bytes = bytes;
    this.pos = pos;
    this.end = end;
  }

  byte() {
    if (this.pos >= this.end) throw new Unsupported("unexpected end of the module");
    return this.bytes[this.pos++];
  }

  u32() {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = this.byte();
      result += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return result;
      shift += 7;
      if (shift > 35) throw new Unsupported("a LEB128 number too long");
    }
  }

  // A signed LEB128 of any width, skipped (its value is never needed).
  skipSigned() {
    while (this.byte() & 0x80) { /* continuation bytes */ }
  }

  skip(n) {
    if (this.pos + n > this.end) throw new Unsupported("unexpected end of the module");
    this.pos += n;
  }

  name() {
    const n = this.u32();
    this.skip(n);
  }
}

class Writer {
  constructor() {
    this.parts = [];
    this.length = 0;
  }

  bytes(data) {
    this.parts.push(data instanceof Uint8Array ? data : Uint8Array.from(data));
    this.length += data.length;
  }

  u32(value) {
    this.bytes(uleb128(value));
  }

  // A section or a function body: its size, then its bytes.
  sized(inner) {
    this.u32(inner.length);
    for (const part of inner.parts) this.bytes(part);
  }

  finish() {
    return joinBytes(this.parts);
  }
}

function signedLeb(value) {
  const out = [];
  for (;;) {
    const b = value & 0x7f;
    value >>= 7;
    if ((value === 0 && !(b & 0x40)) || (value === -1 && (b & 0x40))) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

const u32Bytes = (value) => {
  const w = new Writer();
  w.u32(value);
  return w.finish();
};

// A value type: one byte, or a typed reference (0x63 / 0x64) with its heap type.
function skipValType(r) {
  const t = r.byte();
  if (t === 0x63 || t === 0x64) r.skipSigned();
}

function skipBlockType(r) {
  const t = r.bytes[r.pos];
  if (t === 0x40) r.pos += 1;
  else if (t === 0x63 || t === 0x64) skipValType(r);
  else if (t >= 0x40 && t < 0x80) r.pos += 1;   // a single value type
  else r.skipSigned();                           // a type index (s33)
}

function skipMemarg(r) {
  const align = r.u32();
  if (align & 0x40) r.u32();   // a memory index (multi-memory)
  r.u32();                     // the offset
}

// Copies one expression (a function body after its locals, or a constant
// expression) from r to w up to its final `end`, renumbering function indices and
// inserting `check` at every loop start.  Returns when the outermost end is copied.
function copyExpression(r, w, { shift, check }) {
  let depth = 0;
  for (;;) {
    const start = r.pos;
    const op = r.byte();
    let funcIndexAt = -1;   // an immediate function index to renumber
    switch (op) {
      case 0x02: case 0x04: case 0x06:            // block, if, try (legacy EH)
        skipBlockType(r);
        depth += 1;
        break;
      case 0x03:                                   // loop: the check goes at its start
        skipBlockType(r);
        depth += 1;
        w.bytes(r.bytes.subarray(start, r.pos));
        if (check) w.bytes(check);
        continue;
      case 0x1f: {                                 // try_table
        skipBlockType(r);
        const n = r.u32();
        for (let i = 0; i < n; i++) {
          const kind = r.byte();
          if (kind === 0x00 || kind === 0x01) r.u32();   // the tag
          r.u32();                                        // the label
        }
        depth += 1;
        break;
      }
      case 0x0b:                                   // end
        if (depth === 0) {
          w.bytes(r.bytes.subarray(start, r.pos));
          return;
        }
        depth -= 1;
        break;
      case 0x00: case 0x01: case 0x05: case 0x0f: case 0x19: case 0x1a: case 0x1b: case 0x0a:
      case 0xd1: case 0xd3: case 0xd4:
        break;                                     // no immediates
      case 0x18:                                   // delegate: ends a try (legacy EH)
        r.u32();
        depth -= 1;
        break;
      case 0x07: case 0x08: case 0x09:             // catch, throw, rethrow
      case 0x0c: case 0x0d: case 0xd5: case 0xd6:  // br, br_if, br_on_null, br_on_non_null
      case 0x20: case 0x21: case 0x22: case 0x23: case 0x24: case 0x25: case 0x26:
      case 0x3f: case 0x40:                        // memory.size, memory.grow
      case 0x14: case 0x15:                        // call_ref, return_call_ref
        r.u32();
        break;
      case 0x0e: {                                 // br_table
        const n = r.u32();
        for (let i = 0; i <= n; i++) r.u32();
        break;
      }
      case 0x10: case 0x12: case 0xd2:             // call, return_call, ref.func
        funcIndexAt = r.pos;
        break;
      case 0x11: case 0x13:                        // call_indirect, return_call_indirect
        r.u32();
        r.u32();
        break;
      case 0x1c: {                                 // select with types
        const n = r.u32();
        for (let i = 0; i < n; i++) skipValType(r);
        break;
      }
      case 0x41: case 0x42:                        // i32.const, i64.const
        r.skipSigned();
        break;
      case 0x43: r.skip(4); break;                 // f32.const
      case 0x44: r.skip(8); break;                 // f64.const
      case 0xd0: r.skipSigned(); break;            // ref.null heaptype (s33)
      case 0xfc: {
        const sub = r.u32();
        if (sub <= 7) break;                       // saturating truncations
        if (sub === 8 || sub === 12 || sub === 14 || sub === 10) { r.u32(); r.u32(); break; }
        if (sub === 9 || sub === 11 || sub === 13 || sub === 15 || sub === 16 || sub === 17) { r.u32(); break; }
        throw new Unsupported(`0xfc ${sub}`);
      }
      default:
        if (op >= 0x28 && op <= 0x3e) { skipMemarg(r); break; }   // loads and stores
        if (op >= 0x45 && op <= 0xc4) break;                       // numeric instructions
        throw new Unsupported(`opcode 0x${op.toString(16)}`);      // SIMD, atomics, GC, ...
    }
    if (funcIndexAt >= 0) {
      const index = r.u32();
      w.bytes(r.bytes.subarray(start, funcIndexAt));
      w.bytes(u32Bytes(shift(index)));
    } else {
      w.bytes(r.bytes.subarray(start, r.pos));
    }
  }
}

function readSections(bytes) {
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d
      || bytes[4] !== 1 || bytes[5] !== 0 || bytes[6] !== 0 || bytes[7] !== 0) {
    throw new Unsupported("not a WebAssembly module (version 1)");
  }
  const r = new Reader(bytes, 8);
  const sections = [];
  while (r.pos < bytes.length) {
    const id = r.byte();
    const size = r.u32();
    const start = r.pos;
    r.skip(size);
    let name = null;
    if (id === 0) {
      const c = new Reader(bytes, start, start + size);
      const n = c.u32();
      name = new TextDecoder().decode(bytes.subarray(c.pos, c.pos + n));
    }
    sections.push({ id, start, end: start + size, name });
  }
  return sections;
}

// The order sections must come in (custom sections aside).
const ORDER = [1, 2, 3, 4, 5, 13, 6, 7, 8, 9, 12, 10, 11];

/** The program with fuel checks, or null when it uses a construct this cannot rewrite. */
export function instrument(bytes) {
  try {
    return rewrite(bytes);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

function rewrite(bytes) {
  const sections = readSections(bytes);
  const find = (id) => sections.find((s) => s.id === id);
  const counted = (section) => {
    const r = new Reader(bytes, section.start, section.end);
    return { r, count: r.u32() };
  };

  // Types: ours goes last.
  const types = find(1);
  const typeCount = types ? counted(types).count : 0;
  const tickType = typeCount;

  // Imports: count the function and global imports; ours goes last.
  let funcImports = 0;
  let globalImports = 0;
  const imports = find(2);
  let importCount = 0;
  if (imports) {
    const { r, count } = counted(imports);
    importCount = count;
    for (let i = 0; i < count; i++) {
      r.name();
      r.name();
      const kind = r.byte();
      if (kind === 0x00) { funcImports += 1; r.u32(); }
      else if (kind === 0x01) { skipValType(r); const flags = r.u32(); r.u32(); if (flags & 1) r.u32(); }
      else if (kind === 0x02) { const flags = r.u32(); r.u32(); if (flags & 1) r.u32(); }
      else if (kind === 0x03) { globalImports += 1; skipValType(r); r.byte(); }
      else if (kind === 0x04) { r.byte(); r.u32(); }
      else throw new Unsupported(`import kind ${kind}`);
    }
  }
  const tickFunc = funcImports;   // its index: defined functions move up by one
  const shift = (index) => (index >= funcImports ? index + 1 : index);

  const globals = find(6);
  const globalCount = globals ? counted(globals).count : 0;
  const fuelGlobal = globalImports + globalCount;

  // global.get F; i32.eqz; if; call tick; global.set F; end; global.get F; i32.const 1; i32.sub; global.set F
  const g = u32Bytes(fuelGlobal);
  const t = u32Bytes(tickFunc);
  const check = Uint8Array.from([0x23, ...g, 0x45, 0x04, 0x40, 0x10, ...t, 0x24, ...g, 0x0b,
    0x23, ...g, 0x41, 0x01, 0x6b, 0x24, ...g]);

  const out = new Writer();
  out.bytes(bytes.subarray(0, 8));
  const emitted = new Set();
  const emit = (id, body) => {
    out.bytes([id]);
    out.sized(body);
    emitted.add(id);
  };
  // A section that the module lacks but the rewrite needs is made where it belongs.
  const ensureBefore = (id) => {
    for (const needed of [1, 2, 6]) {
      if (emitted.has(needed) || find(needed)) continue;
      if (ORDER.indexOf(needed) < ORDER.indexOf(id)) emit(needed, newSection(needed));
    }
  };
  const newSection = (id) => {
    const w = new Writer();
    w.u32(1);
    if (id === 1) w.bytes([0x60, 0x00, 0x01, 0x7f]);
    if (id === 2) appendImport(w);
    if (id === 6) appendGlobal(w);
    return w;
  };
  const appendImport = (w) => {
    for (const text of [FUEL_MODULE, FUEL_IMPORT]) {
      const name = new TextEncoder().encode(text);
      w.u32(name.length);
      w.bytes(name);
    }
    w.bytes([0x00]);
    w.u32(tickType);
  };
  const appendGlobal = (w) => {
    w.bytes([0x7f, 0x01, 0x41, ...signedLeb(FUEL), 0x0b]);   // mutable i32 = i32.const FUEL
  };

  for (const section of sections) {
    if (section.id === 0) {
      if (section.name === "name") continue;   // stale after the renumbering
      out.bytes([0]);
      out.u32(section.end - section.start);
      out.bytes(bytes.subarray(section.start, section.end));
      continue;
    }
    ensureBefore(section.id);
    const w = new Writer();
    const { r, count } = counted(section);
    switch (section.id) {
      case 1:
        w.u32(count + 1);
        w.bytes(bytes.subarray(r.pos, section.end));
        w.bytes([0x60, 0x00, 0x01, 0x7f]);
        break;
      case 2:
        w.u32(importCount + 1);
        w.bytes(bytes.subarray(r.pos, section.end));
        appendImport(w);
        break;
      case 6:
        w.u32(count + 1);
        for (let i = 0; i < count; i++) {
          const start = r.pos;
          skipValType(r);
          r.byte();
          w.bytes(bytes.subarray(start, r.pos));
          copyExpression(r, w, { shift, check: null });
        }
        appendGlobal(w);
        break;
      case 7:   // exports: functions renumbered
        w.u32(count);
        for (let i = 0; i < count; i++) {
          const start = r.pos;
          r.name();
          const kind = r.byte();
          w.bytes(bytes.subarray(start, r.pos));
          const index = r.u32();
          w.u32(kind === 0x00 ? shift(index) : index);
        }
        break;
      case 8:   // the start function
        w.u32(shift(count));
        break;
      case 9:
        w.u32(count);
        for (let i = 0; i < count; i++) copyElementSegment(r, w, shift);
        break;
      case 10:
        w.u32(count);
        for (let i = 0; i < count; i++) {
          const size = r.u32();
          const end = r.pos + size;
          const body = new Writer();
          const start = r.pos;
          const groups = r.u32();
          for (let k = 0; k < groups; k++) { r.u32(); skipValType(r); }
          body.bytes(bytes.subarray(start, r.pos));
          body.bytes(check);
          const fr = new Reader(bytes, r.pos, end);
          copyExpression(fr, body, { shift, check });
          if (fr.pos !== end) throw new Unsupported("a function body with bytes after its end");
          r.pos = end;
          w.sized(body);
        }
        break;
      default:   // tables, memories, tags, data count, data: as they are
        out.bytes([section.id]);
        out.u32(section.end - section.start);
        out.bytes(bytes.subarray(section.start, section.end));
        emitted.add(section.id);
        continue;
    }
    emit(section.id, w);
  }
  ensureBefore(10);   // a module with no code section still gets its import, type and global
  return out.finish();
}

function copyElementSegment(r, w, shift) {
  const flags = r.u32();
  w.u32(flags);
  const expressions = (flags & 4) !== 0;
  const passiveOrDeclared = (flags & 1) !== 0;
  const explicitTable = (flags & 2) !== 0;
  if (!passiveOrDeclared && explicitTable) w.u32(r.u32());          // the table index
  if (!passiveOrDeclared) copyExpression(r, w, { shift, check: null });   // the offset
  if (passiveOrDeclared || explicitTable) {
    if (expressions) {
      const start = r.pos;
      skipValType(r);                                               // the reference type
      w.bytes(r.bytes.subarray(start, r.pos));
    } else {
      w.bytes([r.byte()]);                                          // elemkind 0x00
    }
  }
  const n = r.u32();
  w.u32(n);
  for (let i = 0; i < n; i++) {
    if (expressions) copyExpression(r, w, { shift, check: null });
    else w.u32(shift(r.u32()));
  }
}
