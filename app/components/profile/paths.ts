/**
 * The profile page's own addresses. Its forms post here explicitly: a form without an
 * action would keep whatever query the page was opened with in its target.
 */
export const PROFILE_PATH = "/dashboard/profile";
export const PROFILE_DATA_PATH = "/dashboard/profile/data.json";
