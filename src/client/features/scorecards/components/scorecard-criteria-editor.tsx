import { Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { type Criterion, scorecardLimits } from '../../../../shared/scorecards/scorecards-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { saveJobCriteria } from '../api/scorecards-api.ts';

type Row = { id?: string; label: string; key: number };

/** The job's 2-6 criteria: renamed ones keep their id (and their ratings), new ones get one from the server. */
export function ScorecardCriteriaEditor({
  jobId,
  criteria,
  onSaved,
  onCancel,
}: {
  jobId: string;
  criteria: Criterion[];
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('company');
  const { min, max } = scorecardLimits.criteria;
  const [rows, setRows] = useState<Row[]>(() =>
    criteria.length > 0
      ? criteria.map((criterion, key) => ({ ...criterion, key }))
      : [
          { label: t('scorecards.defaultCriteria.skills'), key: 0 },
          { label: t('scorecards.defaultCriteria.communication'), key: 1 },
        ],
  );
  const [next, setNext] = useState(rows.length);
  const [saving, setSaving] = useState(false);
  const labels = rows.map((row) => row.label.trim().toLowerCase());
  const duplicate = labels.some((label, index) => label !== '' && labels.indexOf(label) !== index);
  const empty = labels.some((label) => label === '');
  const invalid = duplicate || empty || rows.length < min || rows.length > max;

  async function save() {
    setSaving(true);
    try {
      await saveJobCriteria(jobId, {
        criteria: rows.map((row) => (row.id ? { id: row.id, label: row.label } : { label: row.label })),
      });
      toaster.create({ type: 'success', title: t('scorecards.criteriaSaved') });
      onSaved();
    } catch (error) {
      toaster.create({ type: 'error', title: t('scorecards.criteriaFailed'), description: apiErrorText(t, error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="3" data-testid="criteria-editor">
      <Text textStyle="sm" color="fg.muted">
        {t('scorecards.criteriaHelp', { min, max })}
      </Text>
      {rows.map((row, index) => (
        <HStack key={row.key} gap="2" align="end">
          <Field.Root flex="1" invalid={row.label.trim() === ''}>
            <Field.Label>{t('scorecards.criterionLabel', { number: index + 1 })}</Field.Label>
            <Input
              value={row.label}
              maxLength={scorecardLimits.label}
              minH="11"
              onChange={(event) => {
                const label = event.currentTarget.value;
                setRows((current) => current.map((item) => (item.key === row.key ? { ...item, label } : item)));
              }}
            />
          </Field.Root>
          <IconButton
            variant="ghost"
            minW="11"
            minH="11"
            aria-label={t('scorecards.removeCriterion', { number: index + 1 })}
            disabled={rows.length <= min}
            onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      ))}
      {duplicate ? (
        <Text color="fg.error" textStyle="sm" role="alert">
          {t('scorecards.duplicateCriterion')}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button
          variant="outline"
          minH="11"
          disabled={rows.length >= max}
          onClick={() => {
            setRows((current) => [...current, { label: '', key: next }]);
            setNext(next + 1);
          }}
        >
          <LuPlus aria-hidden />
          {t('scorecards.addCriterion')}
        </Button>
        <Button minH="11" onClick={() => void save()} loading={saving} disabled={invalid}>
          {t('scorecards.saveCriteria')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" minH="11" onClick={onCancel}>
            {t('scorecards.cancel')}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
