import { Box, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload } from 'react-icons/lu';
import { skillPositions } from '../../../../shared/resume/skill-positions.ts';
import { preparePdfJs } from '../../../lib/pdfjs.ts';

// The applicant's resume drawn page by page with PDF.js (the library the server checks uploads with), so it shows on
// every browser, phones included (their browsers do not render a PDF in a frame), with the job's required skills
// highlighted where the text has them. The file is fetched with the member's token and never gets a shareable URL.
// Nothing is fetched, and PDF.js is neither downloaded nor run, until the resume is about to be scrolled into view:
// on a phone it is several screens below the decision panel and the answers, and drawing its pages is the page's
// heaviest main-thread work.

/** How far below the screen the resume starts loading: half a screen ahead of the reader. */
const loadAheadMargin = '0px 0px 50% 0px';

/** True once `element` is within the screen or `loadAheadMargin` of it (at once where the browser cannot tell). */
function useReached(element: RefObject<HTMLElement | null>): boolean {
  const [reached, setReached] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (reached || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setReached(true);
      },
      { rootMargin: loadAheadMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, reached]);
  return reached;
}

type TextItem = { str: string; transform: number[]; width: number };

type PageView = { number: number; canvas: HTMLCanvasElement };

function PageCanvas({ page, label }: { page: PageView; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    box.replaceChildren(page.canvas);
    return () => box.replaceChildren();
  }, [page]);
  return (
    <Box
      ref={holder}
      role="img"
      aria-label={label}
      borderWidth="1px"
      rounded="l2"
      bg="white"
      overflow="hidden"
      lineHeight="0"
      data-testid="resume-page"
    />
  );
}

export function ResumeViewer({
  load,
  fileName,
  title,
  downloadLabel,
  errorText,
  skills,
}: {
  /** Fetches the PDF with the member's token. */
  load: (signal: AbortSignal) => Promise<Blob>;
  fileName: string;
  title: string;
  downloadLabel: string;
  errorText: (error: unknown) => string;
  /** The job's required skills, highlighted in the pages. */
  skills: readonly string[];
}) {
  const { t } = useTranslation('company');
  const width = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; url: string; pages: PageView[]; found: Map<string, number> }
    | { status: 'error'; error: unknown; url: string | null }
  >({ status: 'loading' });

  const reached = useReached(width);

  useEffect(() => {
    if (!reached) return;
    const controller = new AbortController();
    let url: string | null = null;
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      try {
        const blob = await load(controller.signal);
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        const pdfjs = await preparePdfJs();
        const task = pdfjs.getDocument({
          data: new Uint8Array(await blob.arrayBuffer()),
          // Glyphs drawn as paths: no font is loaded into the page.
          disableFontFace: true,
          useWorkerFetch: false,
          verbosity: 0,
        });
        destroy = () => task.destroy();
        const document = await task.promise;
        const cssWidth = Math.max(240, width.current?.clientWidth ?? 600);
        const ratio = Math.min(2, window.devicePixelRatio || 1);
        const found = new Map<string, number>();
        const pages: PageView[] = [];
        for (let number = 1; number <= document.numPages; number++) {
          if (controller.signal.aborted) return;
          const page = await document.getPage(number);
          const viewport = page.getViewport({ scale: cssWidth / page.getViewport({ scale: 1 }).width });
          const canvas = window.document.createElement('canvas');
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          canvas.style.width = '100%';
          canvas.style.height = 'auto';
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2d canvas');
          await page.render({ canvas, canvasContext: context, viewport, transform: [ratio, 0, 0, ratio, 0, 0] })
            .promise;
          // The skills: a translucent mark over each place the text has one (its share of the text item's width).
          context.setTransform(ratio, 0, 0, ratio, 0, 0);
          context.fillStyle = 'rgba(250, 204, 21, 0.45)';
          const content = await page.getTextContent();
          for (const item of content.items as TextItem[]) {
            if (!('str' in item) || !item.str) continue;
            for (const skill of skills) {
              for (const at of skillPositions(item.str, skill)) {
                const [a, b, c, d, x, y] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
                const height = Math.hypot(c!, d!) || Math.hypot(a!, b!);
                const itemWidth = item.width * viewport.scale;
                context.fillRect(
                  x! + (itemWidth * at) / item.str.length,
                  y! - height,
                  (itemWidth * skill.trim().length) / item.str.length,
                  height * 1.2,
                );
                found.set(skill, (found.get(skill) ?? 0) + 1);
              }
            }
          }
          page.cleanup();
          pages.push({ number, canvas });
        }
        if (!controller.signal.aborted) setState({ status: 'ready', url, pages, found });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'error', error, url });
      }
    })();
    return () => {
      controller.abort();
      void destroy?.().catch(() => undefined);
      if (url) URL.revokeObjectURL(url);
    };
    // `load` is bound to one file; the parent re-mounts this component (key) for another one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reached]);

  const download = (url: string) => (
    <Link href={url} download={fileName} alignSelf="flex-start" minH="11" display="inline-flex" alignItems="center">
      <LuDownload aria-hidden />
      {downloadLabel}
    </Link>
  );

  return (
    <Stack gap="3" ref={width} minW="0" data-testid="resume-viewer" data-state={reached ? state.status : 'waiting'}>
      {state.status === 'loading' ? <Skeleton h="96" rounded="l2" /> : null}
      {state.status === 'error' ? (
        <>
          <Text color="fg.error" role="alert">
            {errorText(state.error)}
          </Text>
          {state.url ? download(state.url) : null}
        </>
      ) : null}
      {state.status === 'ready' ? (
        <>
          {skills.length > 0 ? (
            <Text textStyle="sm" color="fg.muted" data-testid="resume-skills-found">
              {state.found.size === 0
                ? t('application.resumeNoSkills')
                : t('application.resumeSkills', {
                    skills: [...state.found].map(([skill, count]) => `${skill} (${count})`).join(', '),
                  })}
            </Text>
          ) : null}
          <Stack
            gap="3"
            aria-label={title}
            role="group"
            maxH={{ md: '720px' }}
            overflowY={{ md: 'auto' }}
            data-testid="resume-frame"
            data-pages={state.pages.length}
          >
            {state.pages.map((page) => (
              <PageCanvas
                key={page.number}
                page={page}
                label={t('application.resumePage', { number: page.number, count: state.pages.length })}
              />
            ))}
          </Stack>
          {download(state.url)}
        </>
      ) : null}
    </Stack>
  );
}
