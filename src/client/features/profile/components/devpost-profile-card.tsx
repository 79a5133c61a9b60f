import { Badge, Card, HStack, Link, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuTrophy } from 'react-icons/lu';
import type { DevpostProfile } from '../../../../shared/devpost/devpost-profile.ts';
import { isWinner, visibleProjects, visibleTechnologies } from '../devpost-summary.ts';
import { ProfileFigure } from './profile-figure.tsx';

/** A verified Devpost profile: counts, then the first 5 projects with 3 technologies each (spec section 9). */
export function DevpostProfileCard({ devpost }: { devpost: DevpostProfile }) {
  const { t } = useTranslation('account');
  const projects = visibleProjects(devpost.projectsAndHackathons);
  return (
    <Card.Root variant="outline" data-testid="devpost-profile">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Stack gap="0">
          <Text fontWeight="semibold">{devpost.name ?? devpost.username}</Text>
          {devpost.bio ? (
            <Text textStyle="sm" color="fg.muted">
              {devpost.bio}
            </Text>
          ) : null}
        </Stack>
        <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
          {(
            [
              ['projects', t('devpost.projects'), devpost.stats.projectCount],
              ['hackathons', t('devpost.hackathons'), devpost.stats.hackathonCount],
              ['wins', t('devpost.wins'), devpost.achievements.totalWins],
              ['first-place', t('devpost.firstPlaceWins'), devpost.achievements.firstPlaceWins],
            ] as const
          ).map(([id, label, value]) => (
            <ProfileFigure key={id} testId={`devpost-${id}`} label={label} value={value} />
          ))}
        </SimpleGrid>
        {projects.shown.length === 0 ? (
          <Text color="fg.muted" textStyle="sm">
            {t('devpost.noProjects')}
          </Text>
        ) : (
          <Stack
            as="ul"
            gap="3"
            listStyleType="none"
            aria-label={t('devpost.projectList')}
            data-testid="devpost-projects"
          >
            {projects.shown.map((project) => {
              const technologies = visibleTechnologies(project);
              return (
                <Stack as="li" key={project.project_link} gap="1" borderTopWidth="1px" pt="3">
                  <HStack gap="2" wrap="wrap">
                    <Link href={project.project_link} target="_blank" rel="noreferrer" fontWeight="medium">
                      {project.project}
                    </Link>
                    {isWinner(project) ? (
                      <Badge colorPalette="yellow" variant="subtle">
                        <LuTrophy aria-hidden />
                        {t('devpost.winner')}
                      </Badge>
                    ) : null}
                  </HStack>
                  {project.hackathon ? (
                    <Text textStyle="sm" color="fg.muted">
                      {project.hackathon}
                      {project.year ? ` · ${project.year}` : ''}
                    </Text>
                  ) : null}
                  {technologies.shown.length > 0 ? (
                    <Wrap gap="1" data-testid="devpost-technologies">
                      {technologies.shown.map((technology) => (
                        <Badge key={technology} variant="outline" colorPalette="gray">
                          {technology}
                        </Badge>
                      ))}
                      {technologies.hidden > 0 ? (
                        <Badge variant="subtle" colorPalette="gray">
                          {t('devpost.moreTechnologies', { count: technologies.hidden })}
                        </Badge>
                      ) : null}
                    </Wrap>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        )}
        {projects.hidden > 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="devpost-more-projects">
            {t('devpost.moreProjects', { count: projects.hidden })}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
