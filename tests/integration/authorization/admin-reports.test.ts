import { describe, expect, it } from "vitest";
import { castForThisFile, loginLocation, visit } from "./support";

// The reports and their CSV files are the admin's: partners and users are sent to their own
// dashboard and visitors to sign in, for every report and for one that does not exist, and
// none of them gets a file.

const cast = castForThisFile();

const year = new Date().getFullYear();
const rangeQuery = `from=${year}-01&to=${year}-12`;

const get = (path: string, cookie?: string) => visit(cast().site, path, cookie);

describe("who may read the reports", () => {
  it("sends partners and users to their own dashboard and visitors to sign in", async () => {
    const { accounts } = cast();
    for (const path of [
      `/dashboard/admin/reports?${rangeQuery}`,
      `/dashboard/admin/reports/export.csv?report=monthly&${rangeQuery}`,
      `/dashboard/admin/reports/export.csv?report=registrations&${rangeQuery}`,
      "/dashboard/admin/reports/export.csv?report=nonsense",
    ]) {
      for (const cookie of [
        accounts.user.cookie,
        accounts.partner.cookie,
        accounts["other partner"].cookie,
      ]) {
        const response = await get(path, cookie);
        expect(response.status, path).toBe(302);
        expect(response.headers.get("location"), path).toBe("/dashboard");
        expect(response.headers.get("content-type") ?? "", path).not.toContain("text/csv");
      }
      const visitor = await get(path);
      expect(visitor.status, path).toBe(302);
      expect(visitor.headers.get("location"), path).toBe(loginLocation(path));
    }
  });
});
