import { Box, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuDownload } from 'react-icons/lu';

interface PdfFrameProps {
  /** Fetches the PDF with the bearer token (the server never serves it from a guessable URL). */
  load: (signal: AbortSignal) => Promise<Blob>;
  fileName: string;
  /** The frame's accessible name. */
  title: string;
  downloadLabel: string;
  errorText: (error: unknown) => string;
}

/** A PDF shown inline from a blob: URL that lives as long as this component (re-mount it for another file). */
export function PdfFrame({ load, fileName, title, downloadLabel, errorText }: PdfFrameProps) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; error: unknown }
  >({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // `load` is bound to one file; the parent re-mounts this component (key) for another one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.status === 'loading') return <Skeleton h="96" rounded="l2" />;
  if (state.status === 'error') {
    return (
      <Text color="fg.error" role="alert">
        {errorText(state.error)}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <Box w="full" h={{ base: '480px', md: '720px' }} borderWidth="1px" rounded="l2" bg="bg.subtle" overflow="hidden">
        <iframe
          src={state.url}
          title={title}
          style={{ width: '100%', height: '100%', border: 0 }}
          data-testid="resume-frame"
        />
      </Box>
      <Link
        href={state.url}
        download={fileName}
        alignSelf="flex-start"
        variant="underline"
        minH="11"
        display="inline-flex"
        alignItems="center"
        gap="1.5"
      >
        <LuDownload aria-hidden />
        {downloadLabel}
      </Link>
    </Stack>
  );
}
