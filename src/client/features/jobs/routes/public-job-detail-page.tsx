import { Container } from '@chakra-ui/react';
import { StandalonePage } from '../../../components/ui/standalone-page.tsx';
import { JobDetailContent } from './job-detail-page.tsx';

/** /jobs/:slug for a visitor who is not signed in: public featured jobs can be read by anyone (spec). */
export default function PublicJobDetailPage() {
  return (
    <StandalonePage>
      <Container as="main" maxW="4xl" flex="1" px={{ base: '4', md: '6' }} pb="16">
        <JobDetailContent signedIn={false} />
      </Container>
    </StandalonePage>
  );
}
