import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload } from 'react-icons/lu';
import { companyErrorText } from '../company-error-text.ts';
import { LoadingRows } from './company-states.tsx';

/**
 * A PDF shown inline: fetched with the bearer token (the server never serves it from a guessable URL), then shown
 * from a blob: URL that lives as long as this component.
 */
export function ResumeFrame({ load, fileName, title }: { load: (signal: AbortSignal) => Promise<Blob>; fileName: string; title: string }) {
  const { t } = useTranslation('company');
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; error: unknown }>({ status: 'loading' });

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
    // `load` is bound to one application; the parent re-mounts this for another one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.status === 'loading') return <LoadingRows rows={1} height="96" />;
  if (state.status === 'error') {
    return (
      <Text color="fg.error" role="alert">
        {t('application.resumeFailed')} {companyErrorText(t, state.error)}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <Box w="full" h={{ base: '480px', md: '720px' }} borderWidth="1px" rounded="l2" bg="bg.subtle" overflow="hidden">
        <iframe src={state.url} title={title} style={{ width: '100%', height: '100%', border: 0 }} data-testid="resume-frame" />
      </Box>
      <Link href={state.url} download={fileName} alignSelf="flex-start" variant="underline" minH="11" display="inline-flex" alignItems="center" gap="1.5">
        <LuDownload aria-hidden />
        {t('application.downloadResume', { name: fileName })}
      </Link>
    </Stack>
  );
}
