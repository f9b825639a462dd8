/**
 * The official e-invoice rules, run in the test process: the European standard's (EN 16931,
 * CEN TC434) and Peppol BIS Billing 3.0's, as SaxonJS stylesheets compiled from the
 * Schematron (../shared/peppol/README.md). A receiving access point rejects a document that
 * breaks a fatal rule, so these are the only check of an e-invoice that counts.
 *
 * The folder lies beside the project (/work/shared beside /work/main; in CI the project is
 * cloned beside a `shared` checkout). The stylesheets are parsed once per process and SaxonJS
 * keeps each one prepared on its object, so a document costs only the run of the rules (about
 * a tenth of a second for both on a busy two-core machine) instead of a second of reloading.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The part of SaxonJS 2's API used here; the package ships no types. */
type SaxonApi = {
  transform(
    options: { stylesheetInternal: object; sourceText: string; destination: "raw" },
    mode: "sync",
  ): { principalResult: unknown };
  XPath: {
    evaluate(
      expression: string,
      context: unknown,
      options?: {
        namespaceContext?: Record<string, string>;
        params?: Record<string, unknown>;
        resultForm?: "array";
      },
    ): unknown;
  };
};

// Loaded with Node's require: SaxonJS is a CommonJS bundle without types.
const SaxonJS = createRequire(import.meta.url)("saxon-js") as SaxonApi;

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
export const PEPPOL_RULES_DIR = path.resolve(projectRoot, "../shared/peppol");

const RULE_SETS = [
  { name: "EN16931", file: "en16931-ubl.sef.json" },
  { name: "Peppol BIS 3.0", file: "peppol-bis3-ubl.sef.json" },
] as const;

const SVRL = "http://purl.oclc.org/dsdl/svrl";
const EMPTY_INVOICE = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>';

type RuleFailure = {
  /** The rule set that reported it. */
  ruleSet: (typeof RULE_SETS)[number]["name"];
  /** The rule's id: BR-CO-15, PEPPOL-EN16931-R003, DK-R-010 … */
  rule: string;
  /** "fatal" (the access point rejects the document) or "warning". */
  flag: string;
  text: string;
};

type LoadedRules = { name: RuleFailure["ruleSet"]; stylesheet: object }[];

let loading: Promise<LoadedRules> | undefined;

/**
 * Reads, parses and prepares both stylesheets, once per process; later calls share the first.
 * Call it in a `beforeAll` so the first test's time is its own: the load takes one to two
 * seconds on a busy two-core machine, most of it SaxonJS preparing the CEN stylesheet.
 */
export function loadPeppolRules(): Promise<LoadedRules> {
  loading ??= Promise.all(
    RULE_SETS.map(async ({ name, file }) => {
      const location = path.join(PEPPOL_RULES_DIR, file);
      let text: string;
      try {
        text = await readFile(location, "utf8");
      } catch (error) {
        throw new Error(
          `The official Peppol rules are missing at ${location}: the project expects a \`shared\` folder beside it (../shared/peppol/README.md).`,
          { cause: error },
        );
      }
      const stylesheet = JSON.parse(text) as object;
      // SaxonJS prepares a stylesheet on its first run and keeps the result on the object: run
      // each once on an empty invoice now, rather than in whichever test validates first.
      SaxonJS.transform(
        { stylesheetInternal: stylesheet, sourceText: EMPTY_INVOICE, destination: "raw" },
        "sync",
      );
      return { name, stylesheet };
    }),
  );
  return loading;
}

/**
 * Every rule the UBL document breaks (fatal and warning), in both rule sets; an empty list
 * means valid. A document that is not well-formed XML rejects the promise.
 */
export async function validateUbl(xml: string): Promise<RuleFailure[]> {
  const rules = await loadPeppolRules();
  return rules.flatMap(({ name, stylesheet }) => {
    const report = SaxonJS.transform(
      { stylesheetInternal: stylesheet, sourceText: xml, destination: "raw" },
      "sync",
    ).principalResult;
    // The report is SVRL: one failed-assert per broken rule, with its id, flag and text.
    const failures = SaxonJS.XPath.evaluate(
      "descendant-or-self::svrl:failed-assert ! map { 'rule': string(@id), 'flag': string(@flag), 'text': normalize-space(svrl:text) }",
      report,
      { namespaceContext: { svrl: SVRL }, resultForm: "array" },
    ) as { rule: string; flag: string; text: string }[];
    // A Schematron assert without a flag is fatal, as the rules' own validate.mjs reads it.
    return failures.map((failure) => ({ ruleSet: name, ...failure, flag: failure.flag || "fatal" }));
  });
}

const UBL_NAMESPACES = {
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  inv: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  cn: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
};

/**
 * The string values an XPath expression selects in a UBL document, for checks on what was
 * written (`//cac:AccountingCustomerParty/cac:Party/cbc:EndpointID/@schemeID`). Prefixes: cac, cbc,
 * inv (Invoice) and cn (CreditNote).
 */
export function ublValues(xml: string, expression: string): string[] {
  const values = SaxonJS.XPath.evaluate(`parse-xml($xml) ! (${expression}) ! string()`, null, {
    namespaceContext: UBL_NAMESPACES,
    params: { xml },
    resultForm: "array",
  });
  return values as string[];
}
