import type { ComponentProps } from "react";
import { ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Whether a link leaves the site: an address with a scheme (https:, mailto:…) or starting with "//".
 * Lesson authors link to pages of the site by path, so an absolute address is someone else's.
 */
export const isExternalHref = (href: string | undefined) => !!href && /^([a-z][a-z\d+.-]*:|\/\/)/i.test(href.trim());

/** The props for the element itself: react-markdown also passes its syntax-tree node, which is no attribute. */
function elementProps<P extends { node?: unknown }>({ node, ...rest }: P): Omit<P, "node"> {
  void node;
  return rest;
}

function LessonLink(props: ComponentProps<"a"> & { node?: unknown }) {
  const t = useTranslations("learn.pageContent");
  const { href, children, ...rest } = elementProps(props);
  if (!isExternalHref(href)) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  // A new tab keeps the lesson (and its video) where the learner left it; the icon and the hidden
  // words say so before the click, and the other site gets neither this page nor a handle on it.
  return (
    <a href={href} {...rest} target="_blank" rel="noopener noreferrer" data-external="true">
      {children}
      <ExternalLink aria-hidden className="ml-0.5 inline h-3.5 w-3.5 align-[-0.125em]" />
      <span className="sr-only"> {t("newTab")}</span>
    </a>
  );
}

const components: Components = {
  a: LessonLink,
  // A wide table scrolls on its own rather than widening the page on a phone.
  table: (props) => (
    <div className="overflow-x-auto">
      <table {...elementProps(props)} />
    </div>
  ),
};

/**
 * The reading content under a video, rendered on the server as GitHub-flavoured Markdown (tables,
 * task lists, strikethrough, autolinks). Raw HTML in it is not rendered, and links that leave the
 * site open in a new tab and say so.
 */
export function PageContent({ markdown }: { markdown: string }) {
  return (
    <div
      data-testid="page-content"
      className="prose-content mt-6 max-w-none space-y-3 leading-relaxed [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_ul]:list-disc [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 dark:[&_blockquote]:border-slate-600 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold dark:[&_th]:border-slate-600 dark:[&_th]:bg-slate-800 [&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top dark:[&_td]:border-slate-600 [&_.contains-task-list]:list-none [&_.task-list-item]:ml-0 [&_.task-list-item_input]:mr-2 [&_.task-list-item_input]:align-middle [&_del]:text-ink-muted dark:[&_del]:text-ink-dark-muted"
    >
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
