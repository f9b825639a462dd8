import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Components and app/lib are bundled for the browser, so the lint config forbids them from
// importing server values. These cases pin that rule down against the project's own config.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

const boundaryRule = "@typescript-eslint/no-restricted-imports";

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result?.messages ?? [];
}

const valueImport = `import { listPublicEvents } from "#server/events/queries";\nexport const load = listPublicEvents;\n`;
const typeImport = `import type { ImageRef } from "#server/db/schema";\nexport const alt = (image: ImageRef) => image.alt;\n`;

describe("the browser–server boundary", () => {
  it("rejects a value import through the #server alias in a component", async () => {
    const messages = await lint("app/components/events/example.tsx", valueImport);
    expect(messages.map((message) => message.ruleId)).toEqual([boundaryRule]);
    expect(messages[0]?.message).toMatch(/must not reach the browser bundle/);
  });

  it("rejects a relative value import into server/ from app/lib", async () => {
    const code = `import { listPublicEvents } from "../../../server/events/queries";\nexport const load = listPublicEvents;\n`;
    const messages = await lint("app/lib/forms/example.ts", code);
    expect(messages.map((message) => message.ruleId)).toEqual([boundaryRule]);
  });

  it("allows a type-only import", async () => {
    expect(await lint("app/components/events/example.tsx", typeImport)).toEqual([]);
  });

  it("rejects inline type specifiers, which still load the module", async () => {
    const code = `import { type ImageRef } from "#server/db/schema";\nexport const alt = (image: ImageRef) => image.alt;\n`;
    const messages = await lint("app/components/events/example.tsx", code);
    expect(messages.map((message) => message.ruleId)).toEqual([
      "@typescript-eslint/no-import-type-side-effects",
    ]);
  });

  it("allows server values in route modules and in app/lib's .server modules", async () => {
    expect(await lint("app/routes/example.tsx", valueImport)).toEqual([]);
    expect(await lint("app/lib/forms/example.server.ts", valueImport)).toEqual([]);
  });
});
