import { seatStateLabel } from "~/lib/words/seats";
import { m } from "~/paraglide/messages";

/**
 * The words the check-in script shows, in the reader's language, sent in the page as JSON
 * (ADR 038): the script carries no table of messages. A message with values is sent as
 * its template, `{name}` and the like, which the script fills in.
 */
export function checkInWords() {
  return {
    loading: m.check_in_loading(),
    status: m.check_in_status({ time: "{time}", teams: "{teams}", waiting: "{waiting}" }),
    noRoster: m.check_in_no_roster(),
    offline: m.check_in_offline(),
    synced: m.check_in_synced(),
    signedOut: m.check_in_signed_out(),
    signIn: m.check_in_sign_in(),
    syncFailed: m.check_in_sync_failed(),
    waitingForOther: m.check_in_waiting_for_other({ count: "{count}", email: "{email}" }),
    storageNote: m.check_in_storage_note(),
    scan: m.check_in_scan(),
    scanStop: m.check_in_scan_stop(),
    cameraFailed: m.check_in_camera_failed(),
    referenceInvalid: m.check_in_reference_invalid(),
    referenceUnknown: m.check_in_reference_unknown({ reference: "{reference}" }),
    teamOpened: m.check_in_team_opened({ team: "{team}" }),
    teamMeta: m.check_in_team_meta({ reference: "{reference}", captain: "{captain}" }),
    teamNotConfirmed: m.check_in_team_not_confirmed({ status: "{status}" }),
    statusHeld: m.check_in_status_held(),
    statusWaitlisted: m.check_in_status_waitlisted(),
    statusCancelled: m.check_in_status_cancelled(),
    allPresent: m.check_in_all_present(),
    seatUnnamed: m.check_in_seat_unnamed({ number: "{number}" }),
    swimsYes: m.check_in_swims_yes(),
    swimsNo: m.check_in_swims_no(),
    swimsUnknown: m.check_in_swims_unknown(),
    nonSwimmersNotAllowed: m.check_in_non_swimmers_not_allowed(),
    // A seat's state as the crew list and the captain's page say it.
    seatStates: {
      no_address: seatStateLabel("no_address"),
      invited: seatStateLabel("invited"),
      declaration_missing: seatStateLabel("declaration_missing"),
      confirmed: seatStateLabel("confirmed"),
    },
    declarationOutdated: m.check_in_declaration_outdated(),
    addedAtJetty: m.check_in_added_at_jetty(),
    present: m.check_in_present(),
    absent: m.check_in_absent(),
    undo: m.check_in_undo(),
    markPresent: m.check_in_mark_present({ name: "{name}" }),
    markAbsent: m.check_in_mark_absent({ name: "{name}" }),
    undoSeat: m.check_in_undo_seat({ name: "{name}" }),
    by: m.check_in_by({ email: "{email}", time: "{time}" }),
    absentBy: m.check_in_absent_by({ email: "{email}", time: "{time}" }),
    waiting: m.check_in_waiting(),
    substituteHeading: m.check_in_substitute_heading(),
    substituteName: m.check_in_substitute_name(),
    substituteSwims: m.check_in_substitute_swims(),
    substituteSwimsYes: m.check_in_substitute_swims_yes(),
    substituteSwimsNo: m.check_in_substitute_swims_no(),
    substituteReplaces: m.check_in_substitute_replaces(),
    substituteReplacesNone: m.check_in_substitute_replaces_none(),
    substituteDeclaration: m.check_in_substitute_declaration(),
    substituteAdd: m.check_in_substitute_add(),
    substituteNameMissing: m.check_in_substitute_name_missing(),
    substituteSwimsMissing: m.check_in_substitute_swims_missing(),
    substituteAdded: m.check_in_substitute_added({ name: "{name}" }),
    substitutePending: m.check_in_substitute_pending({ name: "{name}" }),
    marked: m.check_in_marked({ name: "{name}", state: "{state}" }),
    declareHeading: m.check_in_declare_heading({ name: "{name}" }),
    declareSwimsMissing: m.check_in_declare_swims_missing(),
    declareText: m.check_in_declare_text({ version: "{version}" }),
    declareAccept: m.check_in_declare_accept(),
    declareAcceptMissing: m.check_in_declare_accept_missing(),
    declareSubmit: m.check_in_declare_submit(),
    declareRecorded: m.check_in_declare_recorded({ name: "{name}" }),
    declaredAtJetty: m.check_in_declared_at_jetty(),
    declaredByLink: m.check_in_declared_by_link(),
    // The rower's page's own words and rules for the emergency contact.
    emergencyName: m.rower_emergency_name(),
    emergencyPhone: m.rower_emergency_phone(),
    emergencyNameMissing: m.valid_emergency_name_required(),
    emergencyPhoneMissing: m.valid_emergency_phone_required(),
    emergencyPhoneInvalid: m.valid_phone_invalid(),
    signOut: m.check_in_sign_out(),
    signOutWarning: m.check_in_sign_out_warning({ count: "{count}" }),
    signOutOffline: m.check_in_sign_out_offline(),
    signOutSync: m.check_in_sign_out_sync(),
    signOutAnyway: m.check_in_sign_out_anyway(),
    signOutCancel: m.check_in_sign_out_cancel(),
    refusedHeading: m.check_in_refused_heading(),
    dismiss: m.check_in_dismiss(),
  };
}

export type CheckInWords = ReturnType<typeof checkInWords>;

/** What the script needs besides its words: where its data, queue and worker are. */
export type CheckInConfig = {
  eventId: string;
  rosterUrl: string;
  syncUrl: string;
  signInUrl: string;
  /** The service worker and its scope; none in development, where Vite serves the script. */
  serviceWorker: { url: string; scope: string } | null;
  /** zxing's reader, from our own /assets/ (the CSP allows no CDN); none in development. */
  wasmUrl: string | null;
  /** Whose check-ins are this phone's own, and which were another phone's. */
  email: string;
  locale: string;
  /** The phone number rule of the rower's page (`PHONE_PATTERN`), so the jetty asks the same. */
  phonePattern: string;
};
