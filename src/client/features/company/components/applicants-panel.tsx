import {
  Box,
  Checkbox,
  Flex,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Group,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuSearch, LuSlidersHorizontal, LuUsers } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { applicantSorts, applicationStatuses, type ApplicantsQuery } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { downloadApplicantsCsv, getApplicants } from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { EmptyPanel, ErrorPanel, LoadingRows } from './company-states.tsx';
import { MatchBadge } from './match-summary.tsx';
import { ApplicationStatusBadge, KnockoutBadge } from './status-badges.tsx';
import { screeningFilterOf, screeningFilters } from '../../../../shared/screening/screening-questions.ts';
import type { PipelineQuery } from '../../../../shared/pipeline/pipeline-api.ts';
import { PipelineBoard } from '../../pipeline/index.ts';
import { BulkMoveBar } from '../../messages/index.ts';

const pageSize = 20;

const views = ['list', 'board'] as const;
type View = (typeof views)[number];

/** The list's query as the job page's URL keeps it (a reload, Back and previous/next keep the member's filters). */
function queryFromUrl(params: URLSearchParams): ApplicantsQuery {
  const status = params.get('status');
  const sort = params.get('sort');
  const year = Number(params.get('graduationYear'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q') || undefined,
    status:
      status && (applicationStatuses as readonly string[]).includes(status)
        ? (status as ApplicantsQuery['status'])
        : undefined,
    graduationYear: Number.isInteger(year) && year > 0 ? year : undefined,
    school: params.get('school') || undefined,
    screening: screeningFilterOf(params.get('screening')),
    sort: sort && (applicantSorts as readonly string[]).includes(sort) ? (sort as ApplicantsQuery['sort']) : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize,
  };
}

const listKeys = ['q', 'status', 'graduationYear', 'school', 'screening', 'sort', 'page', 'view'] as const;

/** The list's part of the job page's query string: filters, sort, page and view (defaults left out). */
function listSearchOf(query: ApplicantsQuery, view: View): string {
  const params = new URLSearchParams();
  const values: Record<(typeof listKeys)[number], unknown> = {
    q: query.q,
    status: view === 'board' ? undefined : query.status,
    graduationYear: query.graduationYear,
    school: query.school,
    screening: query.screening,
    sort: query.sort === 'newest' ? undefined : query.sort,
    page: view === 'board' || Number(query.page ?? 1) <= 1 ? undefined : query.page,
    view: view === 'board' ? 'board' : undefined,
  };
  for (const key of listKeys) {
    const value = values[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <NativeSelect.Root size="md" w={{ base: 'calc(50% - 6px)', sm: 'auto' }} minW={{ sm: '40' }}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        minH="11"
        data-testid={testId}
      >
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The applicants of one job: search, filters, sort, paging, selection with a bulk status change, CSV export. */
export function ApplicantsPanel({
  jobId,
  jobSlug,
  hasScreening = false,
}: {
  jobId: string;
  jobSlug: string;
  /** The job asks screening questions: the list filters on passed / knocked out. */
  hasScreening?: boolean;
}) {
  const { t, i18n } = useTranslation('company');
  const [searchParams, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState<ApplicantsQuery>(() => queryFromUrl(searchParams));
  const [search, setSearch] = useState(String(query.q ?? ''));
  const [view, setView] = useState<View>(searchParams.get('view') === 'board' ? 'board' : 'list');
  const listSearch = listSearchOf(query, view);

  // The URL follows the list (replacing the entry: filtering is not a place to go back to).
  useEffect(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(listSearch);
        const tab = previous.get('tab');
        if (tab) next.set('tab', tab);
        return next.toString() === previous.toString() ? previous : next;
      },
      { replace: true },
    );
  }, [listSearch, setSearchParams]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [exporting, setExporting] = useState(false);

  // Typing searches after a short pause, from the first page.
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setQuery((previous) =>
          previous.q === (search.trim() || undefined)
            ? previous
            : { ...previous, q: search.trim() || undefined, page: 1 },
        ),
      300,
    );
    return () => clearTimeout(timer);
  }, [search]);

  // The board needs the list's schools and years for its filters too.
  const applicants = useResource(`applicants:${jobId}:${JSON.stringify(query)}`, (signal) =>
    getApplicants(jobId, query, signal),
  );
  const update = (changes: Partial<ApplicantsQuery>) => {
    setQuery((previous) => ({ ...previous, ...changes, page: changes.page ?? 1 }));
    setSelected(new Set());
  };

  const items = applicants.data?.items ?? [];
  const total = applicants.data?.total ?? 0;
  const page = Number(query.page ?? 1);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.applicationId));

  function toggle(id: string, on: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = [query.status, query.graduationYear, query.school, query.screening].filter(
    (value) => value !== undefined && value !== '',
  ).length;

  async function exportCsv() {
    setExporting(true);
    try {
      saveBlob(await downloadApplicantsCsv(jobId, query), `${jobSlug || 'applicants'}-applicants.csv`);
    } catch (error) {
      toaster.create({ type: 'error', title: t('applicants.exportFailed'), description: apiErrorText(t, error) });
    } finally {
      setExporting(false);
    }
  }

  const board = view === 'board';
  const boardFilters: PipelineQuery = {
    q: query.q as string | undefined,
    graduationYear: query.graduationYear as number | undefined,
    school: query.school as string | undefined,
    screening: query.screening as PipelineQuery['screening'],
    sort: query.sort as PipelineQuery['sort'],
  };
  const applicationLink = (id: string) =>
    `/company/applications/${id}${listSearch ? `?list=${encodeURIComponent(listSearch)}` : ''}`;

  return (
    <Stack gap="4" data-testid="applicants-panel">
      <Group attached role="group" aria-label={t('pipeline.viewLabel')} alignSelf="flex-start">
        {views.map((value) => (
          <Button
            key={value}
            variant={view === value ? 'default' : 'outline'}
            aria-pressed={view === value}
            onClick={() => {
              setView(value);
              setSelected(new Set());
            }}
            minH="11"
            data-testid={`view-${value}`}
          >
            {t(`pipeline.views.${value}`)}
          </Button>
        ))}
      </Group>
      <Flex gap="3" wrap="wrap" align="center">
        <InputGroup startElement={<LuSearch aria-hidden />} flex="1" minW={{ base: 'full', md: '64' }}>
          <Input
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('applicants.searchPlaceholder')}
            aria-label={t('applicants.search')}
            minH="11"
            type="search"
          />
        </InputGroup>
        {/* On a phone the filters, the sort and the export fold under one button, so the first applicant shows early. */}
        <Button
          variant="outline"
          minH="11"
          display={{ base: 'inline-flex', md: 'none' }}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
          data-testid="filters-toggle"
        >
          <LuSlidersHorizontal aria-hidden />
          {activeFilters > 0 ? t('applicants.filtersActive', { count: activeFilters }) : t('applicants.filtersButton')}
        </Button>
        <Flex
          id={filtersId}
          gap="3"
          wrap="wrap"
          align="center"
          w={{ base: 'full', md: 'auto' }}
          display={{ base: filtersOpen ? 'flex' : 'none', md: 'flex' }}
        >
          {board ? null : (
            <FilterSelect
              label={t('applicants.filters.status')}
              value={String(query.status ?? '')}
              onChange={(value) => update({ status: (value || undefined) as ApplicantsQuery['status'] })}
              testId="filter-status"
            >
              <option value="">{t('applicants.filters.anyStatus')}</option>
              {applicationStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`applications:status.${status}`)}
                </option>
              ))}
            </FilterSelect>
          )}
          <FilterSelect
            label={t('applicants.filters.graduationYear')}
            value={String(query.graduationYear ?? '')}
            onChange={(value) => update({ graduationYear: value ? Number(value) : undefined })}
            testId="filter-year"
          >
            <option value="">{t('applicants.filters.anyYear')}</option>
            {(applicants.data?.graduationYears ?? []).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label={t('applicants.filters.school')}
            value={String(query.school ?? '')}
            onChange={(value) => update({ school: value || undefined })}
            testId="filter-school"
          >
            <option value="">{t('applicants.filters.anySchool')}</option>
            {(applicants.data?.schools ?? []).map((school) => (
              <option key={school} value={school}>
                {school}
              </option>
            ))}
          </FilterSelect>
          {hasScreening || query.screening ? (
            <FilterSelect
              label={t('applicants.filters.screening')}
              value={String(query.screening ?? '')}
              onChange={(value) => update({ screening: screeningFilterOf(value) })}
              testId="filter-screening"
            >
              <option value="">{t('applicants.filters.anyScreening')}</option>
              {screeningFilters.map((filter) => (
                <option key={filter} value={filter}>
                  {t(`applicants.filters.screeningChoices.${filter}`)}
                </option>
              ))}
            </FilterSelect>
          ) : null}
          <FilterSelect
            label={t('applicants.sort.label')}
            value={String(query.sort ?? 'newest')}
            onChange={(value) => update({ sort: value as ApplicantsQuery['sort'] })}
            testId="sort"
          >
            <option value="newest">{t('applicants.sort.newest')}</option>
            <option value="match">{t('applicants.sort.match')}</option>
          </FilterSelect>
          <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} minH="11">
            <LuDownload aria-hidden />
            {t('applicants.export')}
          </Button>
        </Flex>
      </Flex>

      {board ? (
        <Suspense fallback={<LoadingRows rows={3} height="24" />}>
          <PipelineBoard jobId={jobId} filters={boardFilters} listSearch={listSearch} />
        </Suspense>
      ) : null}

      {!board && selected.size > 0 ? (
        <BulkMoveBar selected={selected} onClear={() => setSelected(new Set())} onMoved={applicants.reload} />
      ) : null}

      {!board && applicants.status === 'loading' ? <LoadingRows rows={4} /> : null}
      {!board && applicants.status === 'error' ? (
        <ErrorPanel error={applicants.error} onRetry={applicants.reload} />
      ) : null}
      {!board && applicants.status === 'ready' && items.length === 0 ? (
        <EmptyPanel
          icon={<LuUsers />}
          title={
            query.q || query.status || query.school || query.graduationYear || query.screening
              ? t('applicants.noMatch')
              : t('applicants.empty')
          }
        />
      ) : null}
      {!board && items.length > 0 ? (
        <Stack gap="0" borderWidth="1px" rounded="l3" bg="bg" overflow="hidden">
          <HStack px="4" py="2" borderBottomWidth="1px" bg="bg.subtle">
            <Checkbox.Root
              checked={allSelected}
              onCheckedChange={(detail) =>
                setSelected(detail.checked === true ? new Set(items.map((item) => item.applicationId)) : new Set())
              }
              minH="11"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('applicants.selectAll')}</Checkbox.Label>
            </Checkbox.Root>
            <Box flex="1" />
            <Text textStyle="sm" color="fg.muted" data-testid="applicants-total">
              {t('applicants.total', { count: total })}
            </Text>
          </HStack>
          <Stack as="ul" gap="0" data-testid="applicants">
            {items.map((item) => (
              <Flex
                as="li"
                key={item.applicationId}
                listStyleType="none"
                gap="3"
                px="4"
                py="3"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
                align="flex-start"
                data-testid="applicant-row"
              >
                <Checkbox.Root
                  checked={selected.has(item.applicationId)}
                  onCheckedChange={(detail) => toggle(item.applicationId, detail.checked === true)}
                  mt="1"
                >
                  <Checkbox.HiddenInput
                    aria-label={t('applicants.select', { name: `${item.firstName} ${item.lastName}` })}
                  />
                  <Checkbox.Control />
                </Checkbox.Root>
                <Stack gap="1" flex="1" minW="0">
                  <Flex gap="2" justify="space-between" wrap="wrap">
                    <RouterLink to={applicationLink(item.applicationId)}>
                      <Text
                        fontWeight="semibold"
                        textDecoration="underline"
                        textUnderlineOffset="3px"
                        _hover={{ color: 'brand.fg' }}
                      >
                        {item.firstName} {item.lastName}
                      </Text>
                    </RouterLink>
                    <HStack gap="2">
                      <ApplicationStatusBadge status={item.status} />
                      <MatchBadge match={item.match} />
                      {item.knockedOut ? <KnockoutBadge /> : null}
                    </HStack>
                  </Flex>
                  <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
                    {item.school} · {item.program} · {t('applicants.classOf', { year: item.graduationYear })}
                  </Text>
                  <Wrap gap="2" textStyle="xs" color="fg.muted">
                    <Text>{t('applicants.appliedOn', { date: formatDate(item.appliedAt, i18n.language) })}</Text>
                    {item.rating ? <Text>{t('applicants.rating', { rating: item.rating })}</Text> : null}
                    {item.skills.length > 0 ? (
                      <Text truncate maxW="full">
                        {item.skills.join(', ')}
                      </Text>
                    ) : null}
                  </Wrap>
                </Stack>
              </Flex>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {!board && total > pageSize ? (
        <HStack justify="center" gap="3" as="nav" aria-label={t('applicants.paging')}>
          <Button variant="outline" disabled={page <= 1} onClick={() => update({ page: page - 1 })} minH="11">
            {t('applicants.previous')}
          </Button>
          <Text textStyle="sm">{t('applicants.page', { page, pages })}</Text>
          <Button variant="outline" disabled={page >= pages} onClick={() => update({ page: page + 1 })} minH="11">
            {t('applicants.next')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
