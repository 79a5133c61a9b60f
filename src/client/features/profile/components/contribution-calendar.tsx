import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ContributionWeek } from '../../../../shared/github/github-profile.ts';
import { calendarColumns, type CalendarLevel, levelColors, levelRanges } from '../contribution-calendar.ts';

const cellSize = '10px';
const levels: CalendarLevel[] = [0, 1, 2, 3, 4];

/** GitHub's calendar: one column per week, a square per day coloured by level (spec section 9). Scrolls on phones. */
export function ContributionCalendar({ weeks, total }: { weeks: ContributionWeek[]; total: number }) {
  const { t } = useTranslation('account');
  const columns = calendarColumns(weeks);
  return (
    <Stack gap="2" data-testid="contribution-calendar">
      <Text textStyle="sm" color="fg.muted">
        {t('github.calendarSummary', { count: total })}
      </Text>
      <Box overflowX="auto" pb="1" tabIndex={0} aria-label={t('github.calendar')} role="group">
        <HStack
          gap="3px"
          align="start"
          role="img"
          aria-label={t('github.calendarSummary', { count: total })}
          w="max-content"
        >
          {columns.map((column) => (
            <Stack key={column.key} gap="3px">
              {column.cells.map((cell, row) =>
                cell ? (
                  <Box
                    key={cell.date}
                    boxSize={cellSize}
                    rounded="2px"
                    bg={levelColors[cell.level]}
                    data-level={cell.level}
                    data-count={cell.count}
                    data-date={cell.date}
                    title={t('github.calendarDay', { count: cell.count, date: cell.date })}
                  />
                ) : (
                  <Box key={`empty-${row}`} boxSize={cellSize} />
                ),
              )}
            </Stack>
          ))}
        </HStack>
      </Box>
      <HStack gap="1" textStyle="xs" color="fg.muted" justify="flex-end" aria-hidden>
        <Text>{t('github.less')}</Text>
        {levels.map((level) => (
          <Box
            key={level}
            boxSize={cellSize}
            rounded="2px"
            bg={levelColors[level]}
            title={t('github.levelLegend', { range: levelRanges[level] })}
          />
        ))}
        <Text>{t('github.more')}</Text>
      </HStack>
    </Stack>
  );
}
