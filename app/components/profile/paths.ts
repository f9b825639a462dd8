/**
 * The profile page's own addresses. Its forms post here explicitly: a form without an
 * action would keep the page's query (such as `?password=changed`) in its target.
 */
export const PROFILE_PATH = "/dashboard/profile";
export const PROFILE_DATA_PATH = "/dashboard/profile/data.json";
