import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import { m } from "~/paraglide/messages";
import { BASE_LOCALE, type Locale } from "~/lib/i18n/locale";
import type { MailBrand } from "./brand";
import { LOGO_PNG_BASE64 } from "./logo";
import type { EmailContent } from "./templates";

/**
 * The one layout every mail uses: the logo, the site's colours (app/app.css), the content,
 * the line that says why the recipient gets it, and a footer with the company's details.
 */

/** The logo travels with the mail as an inline part (see ./mailer), since clients block remote images. */
export const LOGO_CID = "rcl-logo";
export const LOGO_PNG = Buffer.from(LOGO_PNG_BASE64, "base64");
const INLINE_LOGO = `cid:${LOGO_CID}`;
/** For a browser (the development preview): the same PNG as a data URL. */
export const LOGO_DATA_URL = `data:image/png;base64,${LOGO_PNG_BASE64}`;

// The site's palette (app/app.css): navy text and header, water-blue action, sand accent.
const colors = {
  navy50: "#f1f5fa",
  navy100: "#dbe5f0",
  navy900: "#0f2742",
  water600: "#175d8b",
  slate: "#475569",
  sand: "#f4d8a8",
};
const font = "Arial, Helvetica, sans-serif";
const wrap = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

function Lines({ value }: { value: string }) {
  const lines = value.split("\n");
  if (lines.length === 1) return value;
  return lines.map((line, index) => (
    <span key={index}>
      {line}
      {index < lines.length - 1 ? <br /> : null}
    </span>
  ));
}

function BrandedMail({
  content,
  brand,
  logoSrc,
  locale,
}: {
  content: EmailContent;
  brand: MailBrand;
  logoSrc: string;
  locale: Locale;
}) {
  const details = content.details ?? [];
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{content.paragraphs[0] ?? content.heading}</Preview>
      <Body style={{ margin: 0, padding: 0, backgroundColor: colors.navy50, fontFamily: font }}>
        <Container style={{ width: "100%", maxWidth: "600px", margin: "0 auto", backgroundColor: "#ffffff" }}>
          <Section
            style={{
              backgroundColor: colors.navy900,
              borderBottom: `4px solid ${colors.sand}`,
              padding: "16px 24px",
            }}
          >
            <Img src={logoSrc} width="48" height="48" alt={brand.name} style={{ display: "inline-block" }} />
          </Section>
          <Section style={{ padding: "8px 24px 16px", color: colors.navy900, ...wrap }}>
            <Heading as="h1" style={{ fontSize: "22px", lineHeight: "1.3", margin: "16px 0" }}>
              {content.heading}
            </Heading>
            {content.paragraphs.map((paragraph, index) => (
              <Text key={index} style={{ fontSize: "16px", lineHeight: "1.5", margin: "0 0 16px" }}>
                <Lines value={paragraph} />
              </Text>
            ))}
            {details.length > 0 ? (
              <table
                role="presentation"
                cellPadding={6}
                style={{ borderCollapse: "collapse", width: "100%", fontSize: "15px", margin: "0 0 16px" }}
              >
                <tbody>
                  {details.map(([label, value], index) => (
                    <tr key={index} style={{ borderTop: `1px solid ${colors.navy100}` }}>
                      <th
                        align="left"
                        style={{ width: "38%", paddingLeft: 0, verticalAlign: "top", ...wrap }}
                      >
                        {label}
                      </th>
                      <td valign="top" style={{ ...wrap }}>
                        <Lines value={value} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {content.code ? (
              <Section style={{ margin: "8px 0 16px", textAlign: "center" }}>
                <Img
                  src={`cid:${content.code.cid}`}
                  width={String(content.code.size)}
                  height={String(content.code.size)}
                  alt={content.code.alt}
                  style={{ display: "block", margin: "0 auto", backgroundColor: "#ffffff" }}
                />
                <Text
                  style={{
                    fontSize: "18px",
                    fontWeight: "bold",
                    letterSpacing: "0.08em",
                    margin: "8px 0 4px",
                    fontFamily: "'Courier New', Courier, monospace",
                  }}
                >
                  {content.code.caption}
                </Text>
                <Text style={{ fontSize: "14px", color: colors.slate, margin: 0 }}>{content.code.hint}</Text>
              </Section>
            ) : null}
            {content.action ? (
              <Section style={{ margin: "8px 0 16px" }}>
                <Button
                  href={content.action.url}
                  style={{
                    backgroundColor: colors.water600,
                    color: "#ffffff",
                    borderRadius: "6px",
                    padding: "12px 20px",
                    fontSize: "16px",
                    fontWeight: "bold",
                    textDecoration: "none",
                  }}
                >
                  {content.action.label}
                </Button>
                <Text style={{ fontSize: "13px", color: colors.slate, margin: "12px 0 0", ...wrap }}>
                  {m.mail_layout_open_link({ url: content.action.url }, { locale })}
                </Text>
              </Section>
            ) : null}
          </Section>
          <Hr style={{ borderColor: colors.navy100, margin: 0 }} />
          <Section style={{ padding: "16px 24px 24px", color: colors.slate, fontSize: "13px", ...wrap }}>
            {content.reason ? (
              <Text style={{ fontSize: "13px", margin: "0 0 8px" }}>{content.reason}</Text>
            ) : null}
            {content.optOut ? (
              <Text style={{ fontSize: "13px", margin: "0 0 8px" }}>
                {content.optOut.text}{" "}
                <Link href={content.optOut.url} style={{ color: colors.slate, textDecoration: "underline" }}>
                  {content.optOut.label}
                </Link>
              </Text>
            ) : null}
            <Text style={{ fontSize: "13px", margin: 0 }}>
              {footerLines(brand, locale).map((line, index) => (
                <span key={index}>
                  {index > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function footerLines(brand: MailBrand, locale: Locale): string[] {
  return [
    brand.name,
    ...(brand.cvr ? [m.mail_layout_cvr({ cvr: brand.cvr }, { locale })] : []),
    ...(brand.address ? [brand.address] : []),
  ];
}

/** The plain-text part: the same parts in reading order, details as "Label: value", the action as "Label: URL". */
function plainText(content: EmailContent, brand: MailBrand, locale: Locale): string {
  const details = content.details ?? [];
  return [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => `${label}: ${value}`),
    // The code is an image; the text says what it is for and gives the reference to type.
    ...(content.code ? ["", content.code.hint] : []),
    ...(content.action ? ["", `${content.action.label}: ${content.action.url}`] : []),
    "",
    "--",
    ...(content.reason ? [content.reason, ""] : []),
    ...(content.optOut ? [content.optOut.text, `${content.optOut.label}: ${content.optOut.url}`, ""] : []),
    ...footerLines(brand, locale),
  ].join("\n");
}

/**
 * The mail's HTML and plain-text versions, the layout's own words in `locale`, the
 * recipient's language (the content comes already in it; see ./templates). The logo is
 * the inline part a sent mail carries; a browser preview passes `LOGO_DATA_URL` instead.
 */
export async function renderEmail(
  content: EmailContent,
  brand: MailBrand,
  { logoSrc = INLINE_LOGO, locale = BASE_LOCALE }: { logoSrc?: string; locale?: Locale } = {},
): Promise<{ text: string; html: string }> {
  const html = await render(
    <BrandedMail content={content} brand={brand} logoSrc={logoSrc} locale={locale} />,
  );
  return { text: plainText(content, brand, locale), html };
}
