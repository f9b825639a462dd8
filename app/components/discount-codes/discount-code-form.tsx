import { AdminFormCard } from "~/components/admin/admin-form-card";
import { SelectField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDate } from "~/lib/dates";
import { discountCodeSchema } from "~/lib/forms/discount-code-schema";
import type { FormReply } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";
import type { discountCodeChoices } from "#server/discounts/queries";

type Choices = Awaited<ReturnType<typeof discountCodeChoices>>;

/**
 * The partner's form for a new code: its partner (chosen only by a member of several, or an
 * admin), the code, a percentage or an amount, one event or all, and the optional limits.
 */
export function DiscountCodeForm({ choices, lastResult }: { choices: Choices; lastResult?: FormReply }) {
  const [onlyPartner] = choices.partners;
  const severalPartners = choices.partners.length > 1;
  const partnerName = new Map(choices.partners.map((partner) => [partner.id, partner.name]));
  const eventOptions = choices.events.map((event) => {
    const title = `${event.title} (${formatDate(new Date(event.startsAt))})`;
    return {
      value: event.id,
      label: severalPartners ? `${partnerName.get(event.partnerId) ?? ""} – ${title}` : title,
    };
  });
  return (
    <AdminFormCard
      intent="create"
      title={m.discount_codes_new()}
      schema={discountCodeSchema}
      defaultValue={{ kind: "percent", minTeams: "1", partnerId: severalPartners ? "" : onlyPartner?.id }}
      lastResult={lastResult}
      className="space-y-4"
    >
      {(fields) => (
        <div className="grid gap-4 sm:grid-cols-2">
          {severalPartners ? (
            <SelectField
              field={fields.partnerId}
              label={m.discount_codes_field_partner()}
              options={choices.partners.map((partner) => ({ value: partner.id, label: partner.name }))}
              placeholder={m.valid_partner_required()}
              className="sm:col-span-2"
            />
          ) : (
            <input type="hidden" name={fields.partnerId.name} value={onlyPartner?.id ?? ""} />
          )}
          <TextField
            field={fields.code}
            label={m.discount_codes_field_code()}
            hint={m.discount_codes_field_code_hint()}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
          />
          <SelectField
            field={fields.eventId}
            label={m.discount_codes_field_event()}
            options={eventOptions}
            placeholder={m.discount_codes_scope_all()}
          />
          <SelectField
            field={fields.kind}
            label={m.discount_codes_field_kind()}
            options={[
              { value: "percent", label: m.discount_codes_kind_percent() },
              { value: "amount", label: m.discount_codes_kind_amount() },
            ]}
          />
          <TextField
            field={fields.value}
            label={m.discount_codes_field_value()}
            hint={m.discount_codes_field_value_hint()}
            inputMode="decimal"
          />
          <TextField
            field={fields.maxUses}
            label={m.discount_codes_field_max_uses()}
            hint={m.discount_codes_field_max_uses_hint()}
            inputMode="numeric"
            optional
          />
          <TextField
            field={fields.minTeams}
            label={m.discount_codes_field_min_teams()}
            hint={m.discount_codes_field_min_teams_hint()}
            inputMode="numeric"
          />
          <TextField
            field={fields.validFrom}
            label={m.discount_codes_field_valid_from()}
            hint={m.discount_codes_field_dates_hint()}
            type="datetime-local"
            optional
          />
          <TextField
            field={fields.validUntil}
            label={m.discount_codes_field_valid_until()}
            hint={m.discount_codes_field_dates_hint()}
            type="datetime-local"
            optional
          />
          <div className="sm:col-span-2">
            <SubmitButton>{m.discount_codes_create()}</SubmitButton>
          </div>
        </div>
      )}
    </AdminFormCard>
  );
}
