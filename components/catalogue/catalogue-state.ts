import { DOMAIN_NAMES, DURATION_FILTERS, oneOf } from "@/lib/contract/filters";

/**
 * The catalogue's state, read from its address so a filtered list can be shared, reloaded and
 * navigated back to. The server page reads it to draw the list; the controls change it.
 */
export const CATALOGUE_TABS = [
  { key: "in-progress", label: "In progress" },
  { key: "all", label: "All courses" },
  { key: "programs", label: "Master's Program" },
] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number]["key"];
export const CATALOGUE_PAGE_SIZE = 12;

export function catalogueState(params: Pick<URLSearchParams, "get">) {
  const tabParam = params.get("tab");
  const tab: CatalogueTab = CATALOGUE_TABS.some((t) => t.key === tabParam) ? (tabParam as CatalogueTab) : "all";
  const domain = oneOf(DOMAIN_NAMES, params.get("domain"));
  const duration = oneOf(DURATION_FILTERS, params.get("duration"));
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const q = (params.get("q") ?? "").slice(0, 200);
  return { tab, domain, duration, page, q };
}
export type CatalogueState = ReturnType<typeof catalogueState>;
