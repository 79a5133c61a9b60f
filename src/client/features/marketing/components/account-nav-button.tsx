import { Box, Button } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../../lib/session/use-session.ts';
import { signedInHintKey } from '../../../lib/session/session-store.ts';

function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(signedInHintKey) === '1';
  } catch {
    return false;
  }
}

const ignoreChanges = () => () => undefined;
const noHintWhenRendered = () => false;

/** "Log in", or "Dashboard" once the session says so; both labels share one cell, so the swap never moves anything. */
function AccountLink({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('marketing');
  return (
    <Button asChild size="sm">
      <RouterLink to={signedIn ? '/dashboard' : '/sign-in'} data-testid="header-account-link">
        <Box as="span" display="grid" justifyItems="center">
          <Box
            as="span"
            gridArea="1 / 1"
            visibility={signedIn ? 'hidden' : 'visible'}
            aria-hidden={signedIn || undefined}
          >
            {t('nav.logIn')}
          </Box>
          <Box
            as="span"
            gridArea="1 / 1"
            visibility={signedIn ? 'visible' : 'hidden'}
            aria-hidden={!signedIn || undefined}
          >
            {t('nav.dashboard')}
          </Box>
        </Box>
      </RouterLink>
    </Button>
  );
}

function SessionAccountLink() {
  const session = useSession();
  return <AccountLink signedIn={session.status === 'identified'} />;
}

/**
 * The header's account button. Pages are rendered at build time as "Log in"; after hydration a browser that had a
 * signed-in session asks the real session (starting Firebase), and everyone else never loads it on a public page.
 */
export function AccountNavButton() {
  const hinted = useSyncExternalStore(ignoreChanges, readSignedInHint, noHintWhenRendered);
  return hinted ? <SessionAccountLink /> : <AccountLink signedIn={false} />;
}
