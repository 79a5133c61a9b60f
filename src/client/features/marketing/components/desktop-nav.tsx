import { Box, Button, Container, Flex, Grid, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FaGithub } from 'react-icons/fa6';
import { LuChevronDown } from 'react-icons/lu';
import type { PublicLinks } from '../hooks/use-public-links.ts';
import { navMenus, type NavMenu } from '../navigation.ts';
import { ExternalLinkButton } from './external-link-button.tsx';
import { navGroupLabelStyle } from './marketing-styles.ts';
import { NavAnchor } from './nav-anchor.tsx';

type MenuKey = NavMenu['key'];

// The "built in the open" card needs room: beside three link groups it only appears on wide screens.
const promoFrom = (menu: NavMenu) => (menu.groups.length >= 3 ? 'xl' : 'md');

// Grace period for the pointer to travel from a trigger down to its panel (and back) without closing it.
const hoverCloseDelayMs = 150;

/**
 * Product / Solutions / Resources mega-menus for wide screens, built as disclosure buttons (not ARIA `menu`s: these
 * are site navigation, read and tabbed through like a list of links). Each panel follows its button in the DOM so
 * Tab moves into it; Escape closes and returns focus; hover opens with the mouse, a click pins it open.
 */
export function DesktopNav({ links }: { links: PublicLinks }) {
  const { t } = useTranslation('marketing');
  const idPrefix = useId();
  const [openKey, setOpenKey] = useState<MenuKey | null>(null);
  // A panel's links are only built the first time it opens (then kept): less to render, hydrate and download.
  const [mountedKeys, setMountedKeys] = useState<ReadonlySet<MenuKey>>(() => new Set());
  if (openKey !== null && !mountedKeys.has(openKey)) setMountedKeys(new Set([...mountedKeys, openKey]));
  const navRef = useRef<HTMLElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = () => {
    cancelClose();
    setOpenKey(null);
  };

  useEffect(() => {
    if (openKey === null) return undefined;
    const closeOnOutsidePointer = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenKey(null);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [openKey]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const triggerId = (key: MenuKey) => `${idPrefix}-${key}-trigger`;
  const panelId = (key: MenuKey) => `${idPrefix}-${key}-panel`;

  const openOnHover = (key: MenuKey) => (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    if (openKey !== key) {
      openedByHover.current = true;
      setOpenKey(key);
    }
  };
  const closeAfterHover = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !openedByHover.current) return;
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpenKey(null), hoverCloseDelayMs);
  };

  const toggle = (key: MenuKey) => {
    cancelClose();
    if (openKey === key && !openedByHover.current) {
      setOpenKey(null);
      return;
    }
    openedByHover.current = false; // a click pins the panel: leaving it with the mouse no longer closes it
    setOpenKey(key);
  };

  const focusFirstLink = (key: MenuKey) => {
    requestAnimationFrame(() => document.getElementById(panelId(key))?.querySelector<HTMLElement>('a')?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || openKey === null) return;
    const key = openKey;
    close();
    document.getElementById(triggerId(key))?.focus();
  };

  return (
    <Box
      as="nav"
      ref={navRef}
      aria-label={t('nav.label')}
      hideBelow="md"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenKey(null);
      }}
    >
      <Flex as="ul" listStyleType="none" gap={{ md: '0', lg: '1' }}>
        {navMenus.map((menu) => {
          const open = openKey === menu.key;
          return (
            <li key={menu.key}>
              <Button
                id={triggerId(menu.key)}
                variant="ghost"
                colorPalette="gray"
                size="sm"
                px={{ md: '2', lg: '3' }}
                fontWeight="medium"
                aria-expanded={open}
                aria-controls={panelId(menu.key)}
                onClick={() => toggle(menu.key)}
                onPointerEnter={openOnHover(menu.key)}
                onPointerLeave={closeAfterHover}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowDown') {
                    event.preventDefault();
                    openedByHover.current = false;
                    setOpenKey(menu.key);
                    focusFirstLink(menu.key);
                  }
                }}
                bg={open ? 'bg.muted' : undefined}
              >
                {t(`nav.${menu.key}`)}
                <Icon
                  as={LuChevronDown}
                  boxSize="3.5"
                  transition="transform 0.15s"
                  transform={open ? 'rotate(180deg)' : undefined}
                  color="fg.muted"
                />
              </Button>
              <Box
                id={panelId(menu.key)}
                hidden={!open}
                position="absolute"
                insetX="0"
                top="100%"
                bg="bg.panel"
                borderBottomWidth="1px"
                borderColor="border.muted"
                boxShadow="lg"
                onPointerEnter={cancelClose}
                onPointerLeave={closeAfterHover}
                animation={open ? 'fade-in 0.12s ease-out' : undefined}
              >
                {mountedKeys.has(menu.key) || open ? (
                  <Container maxW="7xl" py="6">
                    <Grid
                      templateColumns={{
                        base: `repeat(${menu.groups.length}, minmax(0, 1fr))`,
                        [promoFrom(menu)]: `repeat(${menu.groups.length}, minmax(0, 1fr)) minmax(15rem, 18rem)`,
                      }}
                      gap="6"
                    >
                      {menu.groups.map((group) => {
                        const headingId = `${panelId(menu.key)}-${group.key}`;
                        return (
                          <Box key={group.key}>
                            <Heading as="h2" id={headingId} {...navGroupLabelStyle} mb="2">
                              {t(`nav.groups.${group.key}`)}
                            </Heading>
                            <Stack as="ul" listStyleType="none" gap="0.5" aria-labelledby={headingId}>
                              {group.items.map((item) => (
                                <li key={item.key}>
                                  <Flex
                                    asChild
                                    gap="3"
                                    p="3"
                                    rounded="lg"
                                    _hover={{ bg: 'bg.muted' }}
                                    focusRing="outside"
                                    textDecoration="none"
                                  >
                                    <NavAnchor target={item.target} links={links} onClick={close}>
                                      <Flex
                                        boxSize="9"
                                        flexShrink={0}
                                        align="center"
                                        justify="center"
                                        rounded="md"
                                        bg="brand.subtle"
                                        color="brand.fg"
                                      >
                                        <Icon as={item.icon} boxSize="4.5" />
                                      </Flex>
                                      <Box>
                                        <Text fontWeight="medium" fontSize="sm" color="fg">
                                          {t(`nav.links.${item.key}.title`)}
                                        </Text>
                                        <Text fontSize="sm" color="fg.muted" lineHeight="short">
                                          {t(`nav.links.${item.key}.description`)}
                                        </Text>
                                      </Box>
                                    </NavAnchor>
                                  </Flex>
                                </li>
                              ))}
                            </Stack>
                          </Box>
                        );
                      })}
                      <Stack
                        display={{ base: 'none', [promoFrom(menu)]: 'flex' }}
                        gap="3"
                        p="5"
                        rounded="xl"
                        bgGradient="to-br"
                        gradientFrom="brand.subtle"
                        gradientTo="brand.muted"
                        justify="space-between"
                      >
                        <Box>
                          <Text fontWeight="semibold">{t('nav.promo.title')}</Text>
                          <Text fontSize="sm" color="fg.muted" mt="1">
                            {t('nav.promo.description')}
                          </Text>
                        </Box>
                        <ExternalLinkButton href={links.repositoryUrl} size="sm" alignSelf="flex-start" onClick={close}>
                          <FaGithub aria-hidden="true" />
                          {t('cta.star')}
                        </ExternalLinkButton>
                      </Stack>
                    </Grid>
                  </Container>
                ) : null}
              </Box>
            </li>
          );
        })}
      </Flex>
    </Box>
  );
}
