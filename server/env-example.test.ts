import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLE_NAMES } from "./env";

const root = path.resolve(import.meta.dirname, "..");

/** Names .env.example assigns, set (`NAME=…`) or shown commented out (`# NAME=…`). */
function documentedNames(): Set<string> {
  const text = fs.readFileSync(path.join(root, ".env.example"), "utf8");
  return new Set([...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name!));
}

/** Variables server code reads from process.env itself, outside the schema. */
function readDirectly(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return readDirectly(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    const code = fs.readFileSync(file, "utf8");
    return [...code.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*"([A-Z][A-Z0-9_]*)"\s*\])/g)].map(
      ([, dotted, indexed]) => (dotted ?? indexed)!,
    );
  });
}

describe(".env.example", () => {
  const documented = documentedNames();

  it("documents every variable the environment schema reads", () => {
    expect(ENV_VARIABLE_NAMES.length).toBeGreaterThan(20);
    expect(ENV_VARIABLE_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents every variable server code reads directly", () => {
    const direct = new Set(readDirectly(path.join(root, "server")));
    expect(direct.has("ADMIN_PASSWORD")).toBe(true);
    expect([...direct].filter((name) => !documented.has(name))).toEqual([]);
  });

  it("names no variable that nothing reads", () => {
    const known = new Set([...ENV_VARIABLE_NAMES, ...readDirectly(path.join(root, "server"))]);
    expect([...documented].filter((name) => !known.has(name))).toEqual([]);
  });

  it("gives each variable a comment", () => {
    const lines = fs.readFileSync(path.join(root, ".env.example"), "utf8").split("\n");
    // A variable's block starts after a blank line with at least one line of prose.
    const uncommented = lines.flatMap((line, index) => {
      const name = /^(?:# )?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      if (!name) return [];
      let above = index - 1;
      while (above >= 0 && /^(?:# )?[A-Z][A-Z0-9_]*=/.test(lines[above]!)) above -= 1;
      return above >= 0 && /^# \S/.test(lines[above]!) ? [] : [name];
    });
    expect(uncommented).toEqual([]);
  });
});
