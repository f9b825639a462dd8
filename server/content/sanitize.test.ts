import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize";

describe("sanitizeRichText", () => {
  it("keeps the formatting partners use", () => {
    const html =
      "<h3>Format</h3><p>Eight <strong>rowers</strong> and a <em>cox</em>.</p><ul><li>Boats</li></ul>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("removes scripts, event handlers and javascript: links", () => {
    const html = `<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>`;
    const clean = sanitizeRichText(html);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(clean).toContain("<p>Hi</p>");
  });

  it("opens links safely in a new tab", () => {
    expect(sanitizeRichText(`<a href="https://rcl.dk">RCL</a>`)).toBe(
      `<a href="https://rcl.dk" rel="noopener noreferrer nofollow" target="_blank">RCL</a>`,
    );
  });
});
