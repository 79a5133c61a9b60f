import { lazy, Suspense, useState } from 'react';
import { LuBellPlus } from 'react-icons/lu';
import type { JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

// The dialog, its strings and the alerts API come with the first click, not with the board.
const loadDialog = () => import('./create-alert-dialog.tsx');
const CreateAlertDialog = lazy(loadDialog);

interface CreateAlertButtonProps {
  /** "Get alerts for this search", in the board's words. */
  label: string;
  /** The board's search at the moment of the click, and its description in words (the alert's default name). */
  getSearch: () => { filters: JobFilters; summary: string };
  fullWidth?: boolean;
}

/** Saves the board's current search as an alert (signed-in students with an account; others never see it). */
export function CreateAlertButton({ label, getSearch, fullWidth = false }: CreateAlertButtonProps) {
  const session = useSession();
  const [search, setSearch] = useState<ReturnType<typeof getSearch> | null>(null);
  const [open, setOpen] = useState(false);
  // Each opening starts from the search of that moment.
  const [opened, setOpened] = useState(0);
  if (session.status !== 'identified') return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        minH="11"
        w={fullWidth ? 'full' : undefined}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setSearch(getSearch());
          setOpened((count) => count + 1);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid="create-alert"
      >
        <LuBellPlus aria-hidden />
        {label}
      </Button>
      {search ? (
        <Suspense fallback={null}>
          <CreateAlertDialog key={opened} open={open} onOpenChange={setOpen} search={search} />
        </Suspense>
      ) : null}
    </>
  );
}
