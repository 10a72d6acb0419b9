import Markdown from "react-markdown";

/** The reading content under a video, rendered on the server (raw HTML in it is not rendered). */
export function PageContent({ markdown }: { markdown: string }) {
  return (
    <div className="prose-content mt-6 max-w-none space-y-3 leading-relaxed [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_ul]:list-disc dark:[&_code]:bg-slate-800">
      <Markdown>{markdown}</Markdown>
    </div>
  );
}
