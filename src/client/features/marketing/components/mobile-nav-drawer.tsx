import { Accordion, Box, Button, CloseButton, Drawer, Flex, Icon, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import type { PublicLinks } from '../hooks/use-public-links.ts';
import { navMenus } from '../navigation.ts';
import { navGroupLabelStyle } from './marketing-styles.ts';
import { NavAnchor } from './nav-anchor.tsx';

export interface MobileNavDrawerProps {
  links: PublicLinks;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns on close (the hamburger button). */
  returnFocusTo: () => HTMLElement | null;
}

/** The drawer itself, loaded on first use (see mobile-nav.tsx): Chakra's dialog, focus trap and accordion stay
 * off the landing page until someone opens the menu. */
export default function MobileNavDrawer({ links, open, onOpenChange, returnFocusTo }: MobileNavDrawerProps) {
  const { t } = useTranslation('marketing');
  const close = () => onOpenChange(false);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={returnFocusTo}
      placement="start"
      size="xs"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted" py="3" pe="14">
              <Drawer.Title srOnly>{t('nav.menuTitle')}</Drawer.Title>
              <Box asChild rounded="md" focusRing="outside">
                <RouterLink to="/" onClick={close} aria-label={t('common:homeLink')}>
                  <Logo size="sm" />
                </RouterLink>
              </Box>
            </Drawer.Header>
            <Drawer.Body px="3" py="2">
              <nav aria-label={t('nav.label')}>
                <Accordion.Root multiple collapsible variant="plain">
                  {navMenus.map((menu) => (
                    <Accordion.Item key={menu.key} value={menu.key} borderBottomWidth="1px" borderColor="border.muted">
                      <Accordion.ItemTrigger px="3" py="3.5" fontWeight="semibold" cursor="pointer">
                        <Text flex="1" textAlign="start">
                          {t(`nav.${menu.key}`)}
                        </Text>
                        <Accordion.ItemIndicator />
                      </Accordion.ItemTrigger>
                      <Accordion.ItemContent>
                        <Accordion.ItemBody pt="0" pb="3">
                          <Stack gap="4">
                            {menu.groups.map((group) => (
                              <Box key={group.key}>
                                <Text {...navGroupLabelStyle} mb="1">
                                  {t(`nav.groups.${group.key}`)}
                                </Text>
                                <Stack as="ul" listStyleType="none" gap="0">
                                  {group.items.map((item) => (
                                    <li key={item.key}>
                                      <Flex
                                        asChild
                                        align="center"
                                        gap="3"
                                        px="3"
                                        py="2.5"
                                        rounded="md"
                                        _hover={{ bg: 'bg.muted' }}
                                        focusRing="outside"
                                      >
                                        <NavAnchor target={item.target} links={links} onClick={close}>
                                          <Icon as={item.icon} boxSize="4.5" color="brand.fg" />
                                          <Text as="span" fontSize="sm" fontWeight="medium">
                                            {t(`nav.links.${item.key}.title`)}
                                          </Text>
                                        </NavAnchor>
                                      </Flex>
                                    </li>
                                  ))}
                                </Stack>
                              </Box>
                            ))}
                          </Stack>
                        </Accordion.ItemBody>
                      </Accordion.ItemContent>
                    </Accordion.Item>
                  ))}
                </Accordion.Root>
              </nav>
            </Drawer.Body>
            <Drawer.Footer
              flexDirection="column"
              alignItems="stretch"
              gap="4"
              borderTopWidth="1px"
              borderColor="border.muted"
            >
              <Button asChild width="full">
                <RouterLink to="/sign-in" onClick={close}>
                  {t('nav.logIn')}
                </RouterLink>
              </Button>
              <Flex justify="center">
                <LanguageSwitch size="sm" />
              </Flex>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label={t('nav.closeMenu')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
