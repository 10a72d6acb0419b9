/** The spec's campaign URL parameters, each stored in a cookie of the same name, and the name the API gives it. */
export const CAMPAIGN_PARAMETERS = [
  ["utm_source", "utmSource"],
  ["utm_medium", "utmSourceMedium"],
  ["utm_content", "utmSourceContent"],
  ["utm_set", "utmSourceSet"],
  ["utm_campaign", "utmSourceCampaign"],
  ["utm_network", "utmNetwork"],
  ["utm_device", "utmDevice"],
  ["utm_keyword", "utmKeyword"],
  ["gclid", "googleClickId"],
  ["fbclid", "facebookClickId"],
] as const;

export type CampaignParameter = (typeof CAMPAIGN_PARAMETERS)[number][0];
export type CampaignField = (typeof CAMPAIGN_PARAMETERS)[number][1];
export type Campaign = Partial<Record<CampaignField, string>>;

export const CAMPAIGN_COOKIE_DAYS = 365;
// The API takes at most 500 characters per field.
const MAX_VALUE = 500;

/** The campaign parameters present (and not empty) in a query string, as cookie name and value. */
export function campaignCookiesFromSearch(search: URLSearchParams | string): [CampaignParameter, string][] {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const out: [CampaignParameter, string][] = [];
  for (const [param] of CAMPAIGN_PARAMETERS) {
    const value = params.get(param)?.trim();
    if (value) out.push([param, value.slice(0, MAX_VALUE)]);
  }
  return out;
}

/** The campaign cookies under their API names, as sent with analytics events; empty when none is set. */
export function campaignFromCookies(read: (name: CampaignParameter) => string | undefined): Campaign {
  const campaign: Campaign = {};
  for (const [param, field] of CAMPAIGN_PARAMETERS) {
    const value = read(param)?.trim();
    if (value) campaign[field] = value.slice(0, MAX_VALUE);
  }
  return campaign;
}
