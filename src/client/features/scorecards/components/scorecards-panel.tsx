import { Badge, Card, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApplicationScorecards,
  type Criterion,
  type Recommendation,
  recommendations,
  type Scorecard,
  scorecardLimits,
} from '../../../../shared/scorecards/scorecards-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ErrorPanel, formatDateTime, LoadingRows, useResource } from '../../company/index.ts';
import { getApplicationScorecards, saveMyScorecard } from '../api/scorecards-api.ts';
import { ScorecardCriteriaEditor } from './scorecard-criteria-editor.tsx';

const recommendationPalette: Record<Recommendation, string> = {
  strong_no: 'red',
  no: 'orange',
  yes: 'green',
  strong_yes: 'teal',
};

/** A row of toggle buttons, one per value: 44 px targets, the chosen one pressed. */
function Choice<T extends string | number>({
  label,
  values,
  value,
  text,
  onChange,
  testId,
}: {
  label: string;
  values: readonly T[];
  value: T | undefined;
  text: (value: T) => string;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <Stack gap="1">
      <Text textStyle="sm" fontWeight="medium">
        {label}
      </Text>
      <HStack gap="1" wrap="wrap" role="group" aria-label={label} data-testid={testId}>
        {values.map((option) => (
          <Button
            key={String(option)}
            size="sm"
            minH="11"
            minW="11"
            variant={option === value ? 'default' : 'outline'}
            aria-pressed={option === value}
            onClick={() => onChange(option)}
          >
            {text(option)}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}

function MyScorecard({
  applicationId,
  criteria,
  mine,
  onSaved,
}: {
  applicationId: string;
  criteria: Criterion[];
  mine: Scorecard | undefined;
  onSaved: (next: ApplicationScorecards) => void;
}) {
  const { t } = useTranslation('company');
  const [ratings, setRatings] = useState<Record<string, number>>(() =>
    Object.fromEntries(criteria.flatMap((c) => (mine?.ratings[c.id] ? [[c.id, mine.ratings[c.id]!]] : []))),
  );
  const [recommendation, setRecommendation] = useState<Recommendation | undefined>(mine?.recommendation ?? undefined);
  const [note, setNote] = useState(mine?.note ?? '');
  const [saving, setSaving] = useState(false);
  const complete = recommendation !== undefined && criteria.every((criterion) => ratings[criterion.id] !== undefined);

  async function save() {
    if (!recommendation) return;
    setSaving(true);
    try {
      onSaved(await saveMyScorecard(applicationId, { ratings, recommendation, note }));
      toaster.create({ type: 'success', title: t('scorecards.saved') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('scorecards.saveFailed'), description: apiErrorText(t, error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="3" p="3" borderWidth="1px" rounded="l2" data-testid="my-scorecard">
      <Heading as="h3" size="sm">
        {t('scorecards.yours')}
      </Heading>
      {criteria.map((criterion) => (
        <Choice
          key={criterion.id}
          label={criterion.label}
          values={[1, 2, 3, 4] as const}
          value={ratings[criterion.id] as 1 | 2 | 3 | 4 | undefined}
          text={(value) => t(`scorecards.rating.${value}`)}
          onChange={(value) => setRatings((current) => ({ ...current, [criterion.id]: value }))}
          testId={`rate-${criterion.id}`}
        />
      ))}
      <Choice
        label={t('scorecards.recommendation')}
        values={recommendations}
        value={recommendation}
        text={(value) => t(`scorecards.recommendations.${value}`)}
        onChange={setRecommendation}
        testId="recommendation"
      />
      <Textarea
        value={note}
        onChange={(event) => setNote(event.target.value)}
        aria-label={t('scorecards.note')}
        placeholder={t('scorecards.notePlaceholder')}
        maxLength={scorecardLimits.note}
        rows={3}
      />
      {!complete ? (
        <Text textStyle="sm" color="fg.muted">
          {t('scorecards.incomplete')}
        </Text>
      ) : null}
      <Button alignSelf="flex-start" minH="11" onClick={() => void save()} loading={saving} disabled={!complete}>
        {mine ? t('scorecards.update') : t('scorecards.submit')}
      </Button>
    </Stack>
  );
}

function ScorecardView({ card, criteria }: { card: Scorecard; criteria: Criterion[] }) {
  const { t, i18n } = useTranslation('company');
  return (
    <Stack as="li" listStyleType="none" gap="1" p="3" bg="bg.subtle" rounded="l2" data-testid="scorecard">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium">{card.mine ? t('scorecards.you', { name: card.by.name }) : card.by.name}</Text>
        {card.recommendation ? (
          <Badge colorPalette={recommendationPalette[card.recommendation]} data-testid="scorecard-recommendation">
            {t(`scorecards.recommendations.${card.recommendation}`)}
          </Badge>
        ) : null}
      </HStack>
      {criteria.map((criterion) =>
        card.ratings[criterion.id] ? (
          <Text key={criterion.id} textStyle="sm">
            {t('scorecards.criterionScore', { criterion: criterion.label, rating: card.ratings[criterion.id] })}
          </Text>
        ) : null,
      )}
      {card.overallRating !== null ? (
        <Text textStyle="sm" data-testid="overall-rating">
          {t('scorecards.overall', { rating: card.overallRating })}
        </Text>
      ) : null}
      {card.note ? (
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {card.note}
        </Text>
      ) : null}
      <Text textStyle="xs" color="fg.muted">
        {formatDateTime(card.updatedAt, i18n.language)}
      </Text>
    </Stack>
  );
}

function Summary({ data }: { data: ApplicationScorecards }) {
  const { t, i18n } = useTranslation('company');
  const { summary } = data;
  const score = (value: number) =>
    value.toLocaleString(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Stack gap="1" data-testid="scorecard-summary">
      <Text fontWeight="medium">{t('scorecards.count', { count: summary.count })}</Text>
      {summary.count > 0 ? (
        <HStack gap="2" wrap="wrap">
          {[...recommendations].reverse().map((value) => (
            <Badge key={value} colorPalette={recommendationPalette[value]} variant="outline">
              {t(`scorecards.recommendations.${value}`)} · {summary.recommendations[value]}
            </Badge>
          ))}
        </HStack>
      ) : null}
      {summary.average !== null ? (
        <Text textStyle="sm">{t('scorecards.average', { rating: score(summary.average) })}</Text>
      ) : null}
      {data.criteria.map((criterion) =>
        summary.criteria[criterion.id] != null ? (
          <Text key={criterion.id} textStyle="sm" color="fg.muted">
            {t('scorecards.criterionAverage', {
              criterion: criterion.label,
              rating: score(summary.criteria[criterion.id]!),
            })}
          </Text>
        ) : null,
      )}
      {summary.overallAverage !== null ? (
        <Text textStyle="sm" color="fg.muted">
          {t('scorecards.overallAverage', { rating: score(summary.overallAverage) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The application's scorecards: the team's summary, every member's card, the caller's own card to fill in. */
export function ScorecardsPanel({ applicationId, jobId }: { applicationId: string; jobId: string }) {
  const { t } = useTranslation('company');
  const resource = useResource(`scorecards:${applicationId}`, (signal) =>
    getApplicationScorecards(applicationId, signal),
  );
  const [editingCriteria, setEditingCriteria] = useState(false);

  let body;
  if (resource.status === 'loading') body = <LoadingRows rows={2} height="12" />;
  else if (resource.status === 'error') body = <ErrorPanel error={resource.error} onRetry={resource.reload} />;
  else {
    const data = resource.data;
    const mine = data.scorecards.find((card) => card.mine);
    const criteriaDone = () => {
      setEditingCriteria(false);
      resource.reload();
    };
    body = (
      <>
        <Summary data={data} />
        {data.scorecards.length > 0 ? (
          <Stack as="ul" gap="2">
            {data.scorecards.map((card) => (
              <ScorecardView key={card.by.uid} card={card} criteria={data.criteria} />
            ))}
          </Stack>
        ) : null}
        {editingCriteria || data.criteria.length === 0 ? (
          <Stack gap="2">
            {data.criteria.length === 0 ? <Text>{t('scorecards.noCriteria')}</Text> : null}
            <ScorecardCriteriaEditor
              jobId={jobId}
              criteria={data.criteria}
              onSaved={criteriaDone}
              {...(data.criteria.length > 0 ? { onCancel: () => setEditingCriteria(false) } : {})}
            />
          </Stack>
        ) : (
          <>
            <MyScorecard
              // A new set of criteria starts the form again.
              key={data.criteria.map((criterion) => criterion.id).join()}
              applicationId={applicationId}
              criteria={data.criteria}
              mine={mine}
              onSaved={resource.setData}
            />
            <Button variant="ghost" alignSelf="flex-start" minH="11" onClick={() => setEditingCriteria(true)}>
              {t('scorecards.editCriteria')}
            </Button>
          </>
        )}
      </>
    );
  }
  return (
    <Card.Root variant="outline" data-testid="scorecards">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('scorecards.title')}
        </Heading>
        {body}
      </Card.Body>
    </Card.Root>
  );
}
