import { Box } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Loaded on its own (React.lazy) once the summary is on screen: the charting library stays out of the board's and
// My Applications' first paint.

export type WeekBar = { label: string; count: number };

export default function ApplicationsWeekChart({ weeks, summary }: { weeks: WeekBar[]; summary: string }) {
  // Whole applications only: 0..max as ticks for a few, the library's own steps beyond.
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const ticks = max <= 4 ? Array.from({ length: max + 1 }, (_, index) => index) : undefined;
  return (
    // The chart is a picture; its numbers are given in words for screen readers.
    <Box h="40" role="img" aria-label={summary} data-testid="applications-week-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={weeks} margin={{ left: 0, right: 12, top: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis
            allowDecimals={false}
            domain={[0, ticks ? max : 'auto']}
            ticks={ticks}
            width={28}
            tick={{ fontSize: 11 }}
          />
          <Tooltip />
          <Bar dataKey="count" fill="#3b82f6" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
