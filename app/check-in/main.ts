/**
 * The check-in page's script (ADR 038): plain DOM code, no React. It keeps the event's
 * roster on the phone, opens a team's roll call from memory when a code is scanned or a
 * reference typed, stores every tap as an op with its own id and sends the queue when
 * the phone is online. Its words come in the page as JSON, in the reader's language.
 */
import type { CheckInConfig, CheckInWords } from "./page-words";
import { parseReference } from "./reference";
import { canDeclareAtJetty, rollCall, teamsByReference, withAttendance, type SeatView } from "./roll-call";
import { canScan, startScanning } from "./scanner";
import * as store from "./store";
import { sendableBy, syncQueue } from "./sync";
import type { DeclarationPayload, Op, OpKind, RefusedOp, SubstitutePayload, Team } from "./types";

const SYNC_EVERY_MS = 15_000;
const ROSTER_EVERY_MS = 5 * 60_000;

function readJson<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? "null") as T;
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The check-in page has no #${id}.`);
  return found as T;
}

const config = readJson<CheckInConfig>("check-in-config");
const words = readJson<CheckInWords>("check-in-words");

/** A message's template with its `{name}` places filled. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

const clock = new Intl.DateTimeFormat(config.locale === "da" ? "da-DK" : "en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Copenhagen",
});
const timeOf = (iso: string) => clock.format(new Date(iso));

const statusLine = element("check-in-status");
const alertLine = element("check-in-alert");
const announcer = element("check-in-announce");
const scanButton = element<HTMLButtonElement>("check-in-scan");
const video = element<HTMLVideoElement>("check-in-video");
const findForm = element<HTMLFormElement>("check-in-find");
const referenceInput = element<HTMLInputElement>("check-in-reference");
const referenceError = element("check-in-reference-error");
const rollCallSection = element("check-in-roll-call");
const refusedSection = element("check-in-refused");
const refusedList = element("check-in-refused-list");
const signOutForm = element<HTMLFormElement>("check-in-sign-out");
const signOutWarning = element("check-in-sign-out-warning");

const state: {
  roster: store.SavedRoster | null;
  teams: Map<string, Team>;
  queue: Op[];
  refused: RefusedOp[];
  openTeamId: string | null;
  problem: "offline" | "signed_out" | "failed" | null;
  syncing: boolean;
} = {
  roster: null,
  teams: new Map(),
  queue: [],
  refused: [],
  openTeamId: null,
  problem: null,
  syncing: false,
};

let device = "";

/** Says something to screen readers without moving the focus. */
function announce(text: string) {
  announcer.textContent = "";
  // A new text in a cleared region is read even when it repeats the last one.
  requestAnimationFrame(() => {
    announcer.textContent = text;
  });
}

/** Ops another person tapped on this phone, waiting for them to sign in again (one line per person). */
function othersWaiting(): string {
  const counts = new Map<string, number>();
  for (const op of state.queue) {
    if (op.by && op.by !== config.email) counts.set(op.by, (counts.get(op.by) ?? 0) + 1);
  }
  return [...counts].map(([email, count]) => fill(words.waitingForOther, { email, count })).join(". ");
}

function renderStatus() {
  const roster = state.roster;
  const problem =
    state.problem === "offline" ? words.offline : state.problem === "failed" ? words.syncFailed : null;
  const line = roster
    ? fill(words.status, {
        time: timeOf(roster.savedAt),
        teams: roster.snapshot.counts.teams,
        waiting: state.queue.length,
      })
    : words.noRoster;
  const others = othersWaiting();
  const text = [line, problem, others].filter(Boolean).join(". ");
  if (statusLine.textContent !== text) statusLine.textContent = text;
  if (state.problem === "signed_out") {
    if (!alertLine.firstChild) {
      const link = make("a", { href: config.signInUrl, className: "underline" }, words.signIn);
      alertLine.append(`${words.signedOut} `, link);
    }
  } else if (alertLine.firstChild) {
    alertLine.textContent = "";
  }
}

type Attributes = Partial<
  Record<"className" | "id" | "type" | "href" | "name" | "value" | "htmlFor", string>
>;

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, attributes);
  node.append(...children);
  return node;
}

function button(
  label: string,
  key: string,
  onClick: () => void,
  options: { pressed?: boolean; primary?: boolean; aria?: string } = {},
) {
  const node = make(
    "button",
    {
      type: "button",
      className: options.primary
        ? "rounded-md bg-navy-900 px-4 py-2 font-semibold text-white"
        : "rounded-md border border-slate-400 bg-white px-3 py-2 font-medium text-slate-900 aria-pressed:border-navy-900 aria-pressed:bg-navy-900 aria-pressed:text-white",
    },
    label,
  );
  node.dataset.key = key;
  if (options.pressed !== undefined) node.setAttribute("aria-pressed", String(options.pressed));
  if (options.aria) node.setAttribute("aria-label", options.aria);
  node.addEventListener("click", onClick);
  return node;
}

const openTeam = (): Team | undefined =>
  state.roster?.snapshot.teams.find((team) => team.registrationId === state.openTeamId);

const seatName = (seat: { name: string | null; number: number }) =>
  seat.name ?? fill(words.seatUnnamed, { number: seat.number });

function swimText(swims: boolean | null): string {
  if (swims === true) return words.swimsYes;
  if (swims === false) return words.swimsNo;
  return words.swimsUnknown;
}

/** The rule under a "no": the event's own, or that non-swimmers may not row. */
function nonSwimmerRule(): string {
  const event = state.roster?.snapshot.event;
  if (!event) return "";
  return event.nonSwimmers === "not_allowed" ? words.nonSwimmersNotAllowed : event.nonSwimmerRule;
}

function seatItem(seat: SeatView, confirmed: boolean): HTMLLIElement {
  const name = seatName(seat);
  const item = make("li", { className: "space-y-2 rounded-lg bg-white p-3 shadow-sm" });
  item.append(make("p", { className: "font-semibold text-slate-900" }, `${seat.number}. ${name}`));
  const facts = make("ul", { className: "space-y-1 text-sm text-slate-700" });
  facts.append(make("li", {}, swimText(seat.swims)));
  if (seat.swims === false)
    facts.append(make("li", { className: "font-medium text-amber-800" }, nonSwimmerRule()));
  if (seat.declaration === "missing" || seat.state === "declaration_missing") {
    facts.append(
      make("li", { className: "font-semibold text-red-700" }, words.seatStates.declaration_missing),
    );
  } else if (seat.state === "no_address" || seat.state === "invited") {
    facts.append(make("li", {}, words.seatStates[seat.state]));
  }
  if (seat.declaration === "outdated")
    facts.append(make("li", { className: "font-medium text-amber-800" }, words.declarationOutdated));
  if (seat.addedAtJetty) facts.append(make("li", {}, words.addedAtJetty));
  if (seat.declarationWaiting) facts.append(make("li", {}, `${words.declaredAtJetty} · ${words.waiting}`));
  else if (seat.declaredBy && seat.declaration !== "missing")
    facts.append(make("li", {}, seat.declaredBy === "link" ? words.declaredByLink : words.declaredAtJetty));
  item.append(facts);
  if (seat.takenBy) {
    const template = seat.takenBy.state === "present" ? words.by : words.absentBy;
    item.append(
      make(
        "p",
        { className: "text-sm font-medium text-navy-900" },
        fill(template, { email: seat.takenBy.byEmail, time: timeOf(seat.takenBy.at) }),
      ),
    );
  } else if (seat.mark) {
    const mark = seat.mark === "present" ? words.present : words.absent;
    item.append(
      make(
        "p",
        { className: "text-sm font-medium text-navy-900" },
        seat.waiting ? `${mark} · ${words.waiting}` : mark,
      ),
    );
  }
  if (confirmed && seat.takenBy?.state !== "present") {
    const actions = make("div", { className: "flex flex-wrap gap-2" });
    actions.append(
      button(words.present, `present:${seat.seatId}`, () => void tap("present", seat.seatId, name), {
        pressed: seat.mark === "present",
        aria: fill(words.markPresent, { name }),
      }),
      button(words.absent, `absent:${seat.seatId}`, () => void tap("absent", seat.seatId, name), {
        pressed: seat.mark === "absent",
        aria: fill(words.markAbsent, { name }),
      }),
    );
    if (seat.mark && !seat.takenBy) {
      actions.append(
        button(words.undo, `undo:${seat.seatId}`, () => void tap("undo", seat.seatId, name), {
          aria: fill(words.undoSeat, { name }),
        }),
      );
    }
    item.append(actions);
  }
  if (confirmed && canDeclareAtJetty(seat)) item.append(keptDeclarationForm(seat, name));
  return item;
}

/**
 * The open team's jetty declaration forms, kept across the roll call's redraws (each tap,
 * each sync every 15 seconds): a form being filled in keeps what staff typed and whether
 * it is open. Keyed by the seat and what the form asks, so a new declaration version or
 * an acceptance given meanwhile draws a new one.
 */
const declarationForms = new Map<string, HTMLElement>();

function keptDeclarationForm(seat: SeatView, name: string): HTMLElement {
  const version = state.roster?.snapshot.event.declarationVersion ?? null;
  const key = `${seat.seatId}/${version}/${asksAcceptance(seat)}`;
  let form = declarationForms.get(key);
  if (!form) {
    form = declarationForm(seat, name);
    declarationForms.set(key, form);
  }
  return form;
}

/** Whether the jetty form asks for the acceptance: not when the rower's link gave the current one. */
const asksAcceptance = (seat: SeatView) => !(seat.declaration === "accepted" && seat.declaredBy === "link");

const seatsList = make("ol", { className: "space-y-3" });
const substitutesList = make("ul", { className: "space-y-2" });

/** The seats and waiting substitutes, drawn again after each tap or answer; the rest stays. */
function renderSeats() {
  const team = openTeam();
  if (!team) return;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const focusedKey = focused?.dataset.key;
  const view = rollCall(team, state.queue, config.email);
  const confirmed = team.status === "confirmed";
  seatsList.replaceChildren(...view.seats.map((seat) => seatItem(seat, confirmed)));
  substitutesList.replaceChildren(
    ...view.substitutes.map((substitute) =>
      make(
        "li",
        { className: "rounded-lg bg-white p-3 text-sm shadow-sm" },
        `${fill(words.substitutePending, { name: substitute.name })} · ${swimText(substitute.swims)} · ${words.waiting}`,
      ),
    ),
  );
  // A kept form's field moved with its form and lost focus on the way; a button was drawn again.
  if (focused?.isConnected && document.activeElement !== focused) focused.focus();
  else if (focusedKey)
    rollCallSection.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusedKey)}"]`)?.focus();
}

function statusWord(status: Team["status"]): string {
  if (status === "held") return words.statusHeld;
  if (status === "waitlisted") return words.statusWaitlisted;
  return words.statusCancelled;
}

/** A field of the substitute form with its label and the place for its error. */
function field(id: string, label: string, input: HTMLElement): { wrapper: HTMLElement; error: HTMLElement } {
  const error = make("p", { id: `${id}-error`, className: "text-sm font-medium text-red-700" });
  input.setAttribute("aria-describedby", error.id);
  return {
    wrapper: make(
      "div",
      { className: "space-y-1" },
      make("label", { htmlFor: id, className: "block font-medium" }, label),
      input,
      error,
    ),
    error,
  };
}

function textInput(id: string, name: string, type = "text") {
  const input = make("input", {
    id,
    name,
    type,
    className: "w-full rounded-md border border-slate-400 px-3 py-2",
  });
  input.autocomplete = "off";
  return input;
}

/**
 * "Can swim 300 m?" yes or no, for a substitute or a named rower at the jetty. A "no" shows
 * the event's rule for non-swimmers, or that they may not row, as the roll call does.
 */
function swimsField(prefix: string) {
  const error = make("p", { id: `${prefix}-swims-error`, className: "text-sm font-medium text-red-700" });
  const rule = make("p", { className: "text-sm font-medium text-amber-800" });
  const radio = (value: string, label: string) => {
    const input = make("input", { type: "radio", name: "swims", value, id: `${prefix}-swims-${value}` });
    input.addEventListener("change", () => {
      rule.textContent = value === "no" ? nonSwimmerRule() : "";
    });
    return make(
      "label",
      { htmlFor: input.id, className: "mr-4 inline-flex items-center gap-2" },
      input,
      label,
    );
  };
  const fieldset = make(
    "fieldset",
    { className: "space-y-1" },
    make("legend", { className: "font-medium" }, words.substituteSwims),
    radio("yes", words.substituteSwimsYes),
    radio("no", words.substituteSwimsNo),
    rule,
    error,
  );
  fieldset.setAttribute("aria-describedby", error.id);
  const chosen = () => fieldset.querySelector<HTMLInputElement>('input[name="swims"]:checked')?.value;
  /** Says what is missing, and moves the focus there; true when a choice is made. */
  const check = (missing: string) => {
    const value = chosen();
    error.textContent = value ? "" : missing;
    if (!value) fieldset.querySelector<HTMLInputElement>("input")?.focus();
    return Boolean(value);
  };
  return { fieldset, swims: () => chosen() === "yes", check, reset: () => (rule.textContent = "") };
}

/**
 * A named rower's declaration taken at the jetty (ADR 038): the swim answer, whom to call
 * and the rower's acceptance of the declaration staff read out, queued like any tap.
 */
function declarationForm(seat: SeatView, name: string): HTMLElement {
  const event = state.roster?.snapshot.event;
  const prefix = `check-in-declare-${seat.seatId}`;
  const swims = swimsField(prefix);
  const contactInput = textInput(`${prefix}-contact`, "emergencyName");
  const phoneInput = textInput(`${prefix}-phone`, "emergencyPhone", "tel");
  const contact = field(contactInput.id, words.emergencyName, contactInput);
  const phone = field(phoneInput.id, words.emergencyPhone, phoneInput);
  const form = make("form", { className: "space-y-3" });
  form.noValidate = true;
  form.append(swims.fieldset, contact.wrapper, phone.wrapper);
  // The acceptance is asked unless the rower's own link gave the current one, which stands.
  const version = asksAcceptance(seat) ? (event?.declarationVersion ?? null) : null;
  let accept: ReturnType<typeof field> | null = null;
  let acceptBox: HTMLInputElement | null = null;
  if (version !== null) {
    const text = make("div", { className: "whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm" });
    text.textContent = event?.declarationText ?? "";
    if (event?.declarationLang) text.lang = event.declarationLang;
    acceptBox = make("input", { type: "checkbox", id: `${prefix}-accept`, name: "accept" });
    const error = make("p", { id: `${acceptBox.id}-error`, className: "text-sm font-medium text-red-700" });
    acceptBox.setAttribute("aria-describedby", error.id);
    accept = { wrapper: make("div"), error };
    accept.wrapper.append(
      make("p", { className: "font-medium" }, fill(words.declareText, { version })),
      text,
      make(
        "label",
        { htmlFor: acceptBox.id, className: "flex items-start gap-2" },
        acceptBox,
        words.declareAccept,
      ),
      error,
    );
    form.append(accept.wrapper);
  }
  form.append(
    make(
      "button",
      { type: "submit", className: "rounded-md bg-navy-900 px-4 py-2 font-semibold text-white" },
      words.declareSubmit,
    ),
  );
  form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const emergencyName = contactInput.value.trim();
    const emergencyPhone = phoneInput.value.trim();
    const phoneProblem = !emergencyPhone
      ? words.emergencyPhoneMissing
      : new RegExp(config.phonePattern).test(emergencyPhone)
        ? ""
        : words.emergencyPhoneInvalid;
    contact.error.textContent = emergencyName ? "" : words.emergencyNameMissing;
    contactInput.setAttribute("aria-invalid", String(!emergencyName));
    phone.error.textContent = phoneProblem;
    phoneInput.setAttribute("aria-invalid", String(Boolean(phoneProblem)));
    if (accept) accept.error.textContent = acceptBox?.checked ? "" : words.declareAcceptMissing;
    if (!swims.check(words.declareSwimsMissing)) return;
    if (!emergencyName) return contactInput.focus();
    if (phoneProblem) return phoneInput.focus();
    if (acceptBox && !acceptBox.checked) return acceptBox.focus();
    const payload: DeclarationPayload = {
      swims: swims.swims(),
      emergencyName,
      emergencyPhone,
      acceptDeclarationVersion: version,
    };
    void tap("declare", seat.seatId, name, payload).then(() =>
      announce(fill(words.declareRecorded, { name })),
    );
  });
  return make(
    "details",
    { className: "rounded-lg border border-slate-300 p-3" },
    make("summary", { className: "cursor-pointer font-semibold" }, fill(words.declareHeading, { name })),
    form,
  );
}

function substituteForm(team: Team): HTMLElement {
  const event = state.roster?.snapshot.event;
  const nameInput = textInput("check-in-substitute-name", "name");
  const name = field(nameInput.id, words.substituteName, nameInput);
  const swims = swimsField("check-in-substitute");
  const replacesSelect = make("select", {
    id: "check-in-substitute-replaces",
    name: "replaces",
    className: "w-full rounded-md border border-slate-400 px-3 py-2",
  });
  replacesSelect.append(
    make("option", { value: "" }, words.substituteReplacesNone),
    ...team.seats.map((seat) => make("option", { value: seat.seatId }, `${seat.number}. ${seatName(seat)}`)),
  );
  const replaces = make(
    "div",
    { className: "space-y-1" },
    make("label", { htmlFor: replacesSelect.id, className: "block font-medium" }, words.substituteReplaces),
    replacesSelect,
  );
  const form = make("form", { className: "space-y-3 rounded-lg bg-white p-3 shadow-sm" });
  form.noValidate = true;
  form.append(name.wrapper, swims.fieldset, replaces);
  let declaration: HTMLInputElement | null = null;
  if (event && event.declarationVersion !== null) {
    declaration = make("input", {
      type: "checkbox",
      id: "check-in-substitute-declaration",
      name: "declaration",
    });
    form.append(
      make(
        "label",
        { htmlFor: declaration.id, className: "flex items-center gap-2" },
        declaration,
        words.substituteDeclaration,
      ),
    );
  }
  form.append(
    make(
      "button",
      { type: "submit", className: "rounded-md bg-navy-900 px-4 py-2 font-semibold text-white" },
      words.substituteAdd,
    ),
  );
  form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const typed = nameInput.value.trim();
    name.error.textContent = typed ? "" : words.substituteNameMissing;
    nameInput.setAttribute("aria-invalid", String(!typed));
    if (!typed) {
      swims.check(words.substituteSwimsMissing);
      return nameInput.focus();
    }
    if (!swims.check(words.substituteSwimsMissing)) return;
    const payload: SubstitutePayload = {
      name: typed,
      swims: swims.swims(),
      acceptDeclarationVersion: declaration?.checked ? (event?.declarationVersion ?? null) : null,
      replacesSeatId: replacesSelect.value || null,
    };
    void tap("substitute", null, typed, payload).then(() => {
      form.reset();
      swims.reset();
      announce(fill(words.substituteAdded, { name: typed }));
    });
  });
  return make(
    "details",
    { className: "rounded-lg border border-slate-300 p-3" },
    make("summary", { className: "cursor-pointer font-semibold" }, words.substituteHeading),
    form,
  );
}

/** Opens a team's roll call from the roster in memory, and moves the focus to its name. */
function showTeam(team: Team) {
  if (state.openTeamId !== team.registrationId) declarationForms.clear();
  state.openTeamId = team.registrationId;
  const heading = make(
    "h2",
    { id: "check-in-team-heading", className: "text-xl font-bold text-navy-900" },
    team.teamName,
  );
  heading.tabIndex = -1;
  const meta = fill(words.teamMeta, { reference: team.reference, captain: team.captainName });
  const parts: HTMLElement[] = [
    heading,
    make("p", { className: "text-slate-700" }, team.company ? `${meta} · ${team.company}` : meta),
  ];
  if (team.status === "confirmed") {
    parts.push(
      button(words.allPresent, "all-present", () => void tap("present", null, team.teamName), {
        primary: true,
      }),
    );
  } else {
    parts.push(
      make(
        "p",
        { className: "font-medium text-red-700" },
        fill(words.teamNotConfirmed, { status: statusWord(team.status) }),
      ),
    );
  }
  parts.push(seatsList, substitutesList);
  if (team.status === "confirmed") parts.push(substituteForm(team));
  rollCallSection.replaceChildren(...parts);
  renderSeats();
  rollCallSection.hidden = false;
  heading.focus();
  announce(fill(words.teamOpened, { team: team.teamName }));
}

/**
 * A scanned or typed code: the team's roll call, or a message next to the field. The time
 * from the code to the painted roll call is measured as "scan to roll call" (ADR 038).
 */
function openCode(text: string) {
  performance.clearMarks();
  performance.clearMeasures("scan-to-roll-call");
  performance.mark("check-in:code");
  const parsed = parseReference(text);
  const team = parsed ? state.teams.get(parsed.reference) : undefined;
  if (!team) {
    referenceError.textContent = parsed
      ? fill(words.referenceUnknown, { reference: parsed.reference })
      : words.referenceInvalid;
    referenceInput.setAttribute("aria-invalid", "true");
    referenceInput.value = text;
    referenceInput.focus();
    return;
  }
  referenceError.textContent = "";
  referenceInput.removeAttribute("aria-invalid");
  showTeam(team);
  requestAnimationFrame(() => {
    performance.mark("check-in:roll-call");
    performance.measure("scan-to-roll-call", "check-in:code", "check-in:roll-call");
  });
}

async function tap(
  kind: OpKind,
  seatId: string | null,
  name: string,
  payload?: SubstitutePayload | DeclarationPayload,
) {
  const team = openTeam();
  if (!team) return;
  const op: Op = {
    id: crypto.randomUUID(),
    registrationId: team.registrationId,
    seatId,
    kind,
    clientAt: new Date().toISOString(),
    by: config.email,
  };
  if (payload) op.payload = payload;
  // The roll call shows the tap at once; the op is stored before anything is sent.
  state.queue = [...state.queue, op];
  renderSeats();
  renderStatus();
  if (kind !== "substitute" && kind !== "declare") {
    const word = kind === "present" ? words.present : kind === "absent" ? words.absent : words.undo;
    announce(fill(words.marked, { name, state: word }));
  }
  await store.enqueue(config.eventId, op);
  void sync();
}

function renderRefused() {
  refusedSection.hidden = state.refused.length === 0;
  refusedList.replaceChildren(
    ...state.refused.map(({ op, reason }) => {
      const team = state.roster?.snapshot.teams.find(
        (candidate) => candidate.registrationId === op.registrationId,
      );
      const seat = team?.seats.find((candidate) => candidate.seatId === op.seatId);
      const substitute = op.kind === "substitute" ? (op.payload as SubstitutePayload | undefined) : undefined;
      const what = [team?.teamName, seat ? seatName(seat) : substitute?.name].filter(Boolean).join(" · ");
      return make(
        "li",
        { className: "flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 p-3 text-sm" },
        make("span", {}, `${what}: ${reason}`),
        button(words.dismiss, `dismiss:${op.id}`, () => {
          state.refused = state.refused.filter((item) => item.op.id !== op.id);
          renderRefused();
          void store.dismissRefused(config.eventId, op.id);
        }),
      );
    }),
  );
}

function takeRoster(roster: store.SavedRoster) {
  state.roster = roster;
  state.teams = teamsByReference(roster.snapshot.teams);
  if (state.openTeamId) renderSeats();
}

/** Fetches the roster when it changed (If-None-Match), and keeps it on the phone. */
async function refreshRoster() {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (state.roster?.etag) headers["If-None-Match"] = state.roster.etag;
  let response: Response;
  try {
    response = await fetch(config.rosterUrl, { headers, credentials: "same-origin", cache: "no-store" });
  } catch {
    state.problem = "offline";
    return renderStatus();
  }
  if (response.status === 401) {
    await signedOut();
  } else if (response.status === 304 && state.roster) {
    takeRoster({ ...state.roster, savedAt: new Date().toISOString() });
    await store.saveRoster(config.eventId, state.roster);
  } else if (response.ok) {
    const roster = {
      snapshot: await response.json(),
      etag: response.headers.get("ETag"),
      savedAt: new Date().toISOString(),
    };
    takeRoster(roster);
    await store.saveRoster(config.eventId, roster);
  }
  renderStatus();
}

async function sync() {
  if (state.syncing) return;
  state.syncing = true;
  try {
    const outcome = await syncQueue({
      url: config.syncUrl,
      deviceId: device,
      loadQueue: async () => (await store.loadQueue(config.eventId)).filter(sendableBy(config.email)),
      dequeue: (answered) => store.dequeue(config.eventId, answered),
      addRefused: (refused) => store.addRefused(config.eventId, refused),
      fetch: (...args) => fetch(...args),
      fallbackReason: words.syncFailed,
    });
    state.problem = outcome.status === "synced" ? null : outcome.status;
    // The roster's own answer decides: a 401 there too, and the names leave the phone.
    if (outcome.status === "signed_out") await refreshRoster();
    const roster = state.roster;
    if (roster && (outcome.attendance.length > 0 || outcome.counts)) {
      const snapshot = {
        ...roster.snapshot,
        teams: roster.snapshot.teams.map((team) => withAttendance(team, outcome.attendance)),
        counts: outcome.counts ?? roster.snapshot.counts,
      };
      takeRoster({ ...roster, snapshot });
      await store.saveRoster(config.eventId, { ...roster, snapshot });
    }
    const before = state.queue.length;
    state.queue = await store.loadQueue(config.eventId);
    state.refused = await store.loadRefused(config.eventId);
    // A substitute sent is a new seat on the server: the roster brings it.
    if (state.queue.length < before) void refreshRoster();
    if (outcome.status === "synced" && outcome.refused.length === 0 && outcome.attendance.length > 0)
      announce(words.synced);
  } finally {
    state.syncing = false;
  }
  renderSeats();
  renderRefused();
  renderStatus();
}

/**
 * The session is gone (signed out elsewhere, or expired): the rosters leave the phone, so
 * a shared phone shows no names to the next person; the check-ins not yet sent stay, to
 * go once someone signs in again (ADR 038).
 */
async function signedOut() {
  state.problem = "signed_out";
  state.roster = null;
  state.teams = new Map();
  state.openTeamId = null;
  declarationForms.clear();
  rollCallSection.replaceChildren();
  rollCallSection.hidden = true;
  await store.forgetRosters();
}

let signingOut = false;

/** Deletes the day's data from the phone, then lets the form sign out (whose answer clears the rest). */
async function signOutNow() {
  await store.forgetEverything();
  signingOut = true;
  signOutForm.submit();
}

/**
 * Signing out deletes the rosters and the queue from the phone: with check-ins not yet
 * sent, or without a network, it first says so, and staff send them first, sign out
 * anyway or stay.
 */
async function askBeforeSigningOut() {
  const waiting = await store.waitingCount();
  const online = navigator.onLine;
  if (waiting === 0 && online) return signOutNow();
  const heading = make("p", { id: "check-in-sign-out-text", className: "font-medium" });
  heading.textContent = [
    waiting > 0 ? fill(words.signOutWarning, { count: waiting }) : "",
    online ? "" : words.signOutOffline,
  ]
    .filter(Boolean)
    .join(" ");
  const actions = make("div", { className: "flex flex-wrap gap-2" });
  if (waiting > 0 && online) {
    actions.append(
      button(
        words.signOutSync,
        "sign-out-sync",
        () => {
          void sync().then(askBeforeSigningOut);
        },
        { primary: true },
      ),
    );
  }
  actions.append(
    button(waiting > 0 ? words.signOutAnyway : words.signOut, "sign-out-anyway", () => void signOutNow()),
    button(words.signOutCancel, "sign-out-cancel", () => {
      signOutWarning.replaceChildren();
      signOutWarning.hidden = true;
      signOutForm.querySelector("button")?.focus();
    }),
  );
  signOutWarning.replaceChildren(heading, actions);
  signOutWarning.hidden = false;
  actions.querySelector("button")?.focus();
}

function registerServiceWorker() {
  const worker = config.serviceWorker;
  if (!worker || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register(worker.url, { scope: worker.scope })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // This visit came before the worker: it keeps the page and its stylesheet now.
      const stylesheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => link.href,
      );
      registration.active?.postMessage({ keep: [location.href, ...stylesheets] });
    })
    .catch(() => undefined);
}

let stopScanning: (() => void) | null = null;

function setUpScanner() {
  if (!canScan()) return;
  scanButton.hidden = false;
  scanButton.addEventListener("click", () => {
    if (stopScanning) {
      stopScanning();
      stopScanning = null;
      video.hidden = true;
      scanButton.textContent = words.scan;
      return;
    }
    video.hidden = false;
    scanButton.textContent = words.scanStop;
    startScanning(video, config.wasmUrl, (code) => {
      stopScanning = null;
      video.hidden = true;
      scanButton.textContent = words.scan;
      openCode(code);
    })
      .then((stop) => {
        stopScanning = stop;
      })
      .catch(() => {
        video.hidden = true;
        scanButton.textContent = words.scan;
        referenceError.textContent = words.cameraFailed;
        referenceInput.focus();
      });
  });
}

async function start() {
  signOutForm.addEventListener("submit", (submitted) => {
    if (signingOut) return;
    submitted.preventDefault();
    void askBeforeSigningOut();
  });
  findForm.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    openCode(referenceInput.value);
  });
  setUpScanner();
  const [roster, queue, refused, id] = await Promise.all([
    store.loadRoster(config.eventId),
    store.loadQueue(config.eventId),
    store.loadRefused(config.eventId),
    store.deviceId(),
  ]);
  device = id;
  state.queue = queue;
  state.refused = refused;
  if (roster) takeRoster(roster);
  renderStatus();
  renderRefused();
  registerServiceWorker();
  // Asked once; a phone that grants it keeps the roster until the day even when space runs low.
  void navigator.storage?.persist?.().then((granted) => {
    if (!granted) statusLine.title = words.storageNote;
  });
  addEventListener("online", () => {
    void refreshRoster().then(sync);
  });
  addEventListener("offline", () => {
    state.problem = "offline";
    renderStatus();
  });
  setInterval(() => void sync(), SYNC_EVERY_MS);
  setInterval(() => void refreshRoster(), ROSTER_EVERY_MS);
  await refreshRoster();
  await sync();
}

void start();
