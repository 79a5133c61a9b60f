import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { applicationStatuses, applicantSorts } from '../../../../shared/company/company-api.ts';
import type { NeighborsQuery } from '../../../../shared/pipeline/pipeline-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { screeningFilterOf } from '../../../../shared/screening/screening-questions.ts';
import { useResource } from '../../company/index.ts';
import { getNeighbors } from '../api/pipeline-api.ts';

/** The list's filters and sort out of the job page's query string (what the list put in its links as `list`). */
export function listQueryOf(listSearch: string): NeighborsQuery {
  const params = new URLSearchParams(listSearch);
  const status = params.get('status');
  const sort = params.get('sort');
  const year = Number(params.get('graduationYear'));
  return {
    q: params.get('q') ?? undefined,
    // The board shows every status: its cards walk the whole list.
    status:
      params.get('view') !== 'board' && status && (applicationStatuses as readonly string[]).includes(status)
        ? (status as NeighborsQuery['status'])
        : undefined,
    graduationYear: Number.isInteger(year) && year > 0 ? year : undefined,
    school: params.get('school') ?? undefined,
    screening: screeningFilterOf(params.get('screening')),
    sort: sort && (applicantSorts as readonly string[]).includes(sort) ? (sort as NeighborsQuery['sort']) : undefined,
  };
}

/**
 * "3 of 12" with links to the previous and next application of the list as the member filtered and sorted it. The
 * list's query travels in the URL (`list`), so a reload or a shared link keeps the same walk.
 */
export function CandidateWalk({ applicationId, listSearch }: { applicationId: string; listSearch: string }) {
  const { t } = useTranslation('company');
  const query = listQueryOf(listSearch);
  const neighbors = useResource(`neighbors:${applicationId}:${JSON.stringify(query)}`, (signal) =>
    getNeighbors(applicationId, query, signal),
  );
  if (neighbors.status !== 'ready') return null;
  const { position, total, previousId, nextId } = neighbors.data;
  const suffix = listSearch ? `?list=${encodeURIComponent(listSearch)}` : '';
  const step = (id: string | null, label: string, text: string, icon: 'previous' | 'next') => (
    <Button asChild={Boolean(id)} variant="outline" minH="11" disabled={!id} aria-label={label}>
      {id ? (
        <RouterLink to={`/company/applications/${id}${suffix}`} data-testid={`walk-${icon}`}>
          {icon === 'previous' ? <LuChevronLeft aria-hidden /> : null}
          {text}
          {icon === 'next' ? <LuChevronRight aria-hidden /> : null}
        </RouterLink>
      ) : (
        <>
          {icon === 'previous' ? <LuChevronLeft aria-hidden /> : null}
          {text}
          {icon === 'next' ? <LuChevronRight aria-hidden /> : null}
        </>
      )}
    </Button>
  );
  return (
    <HStack as="nav" aria-label={t('pipeline.walk.label')} gap="2" wrap="wrap" data-testid="candidate-walk">
      {step(previousId, t('pipeline.walk.previousLabel'), t('pipeline.walk.previous'), 'previous')}
      <Text textStyle="sm" color="fg.muted" data-testid="walk-position" aria-live="polite">
        {position === null ? t('pipeline.walk.notInList') : t('pipeline.walk.position', { position, total })}
      </Text>
      {step(nextId, t('pipeline.walk.nextLabel'), t('pipeline.walk.next'), 'next')}
    </HStack>
  );
}
