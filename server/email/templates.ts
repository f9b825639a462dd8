/** Plain-text and simple HTML versions of one message, from the same parts. */
export type EmailContent = {
  heading: string;
  paragraphs: string[];
  /** Label and value pairs shown as a small table, for example form fields. */
  details?: [label: string, value: string][];
  action?: { label: string; url: string };
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderEmail(content: EmailContent): { text: string; html: string } {
  const details = content.details ?? [];
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(content.action ? ["", `${content.action.label}: ${content.action.url}`] : []),
    "",
    "Rethink Corporate Life",
  ].join("\n");

  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,sans-serif;color:#0f2742;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${
  details.length > 0
    ? `<table cellpadding="4">${details
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a></p>` : ""}
<p style="color:#64748b">Rethink Corporate Life</p>
</body></html>`;
  return { text, html };
}
