// The Chakra system: the brand palette and fonts on top of Chakra's base preset.
// Only the recipes the app uses are registered (createSystem(defaultBaseConfig, ...)); that keeps the styles of
// three dozen unused components (date picker, carousel, colour picker...) out of every page's JavaScript.
// Using a Chakra component whose recipe is not listed here renders it unstyled: add its recipe below.
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import { mergedChakraConfigMark } from './merged-chakra-config.ts';

const fontStack =
  '"Inter Variable", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

// Chakra lightens a solid button on hover (solid at 90% over the page), which takes white text on the brand colour
// under 4.5:1; a hovered solid button darkens instead.
const darkerSolid = { bg: 'color-mix(in srgb, {colors.colorPalette.solid} 85%, black)' };
const accessibleButtonRecipe = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    variant: {
      ...buttonRecipe.variants?.variant,
      solid: { ...buttonRecipe.variants?.variant?.solid, _hover: darkerSolid, _expanded: darkerSolid },
    },
  },
};

/**
 * Semantic tokens with their light value only (`{ _light, _dark }` becomes the `_light` value). The app has no dark
 * mode (the spec has none), and each dark value was one more rule Chakra's `createSystem` built into the token CSS at
 * every start-up (a third of its time on a cold start, measured in Node) and every page carried in its styles.
 */
function lightOnly<T>(tree: T): T {
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) return tree;
  if ('value' in tree) {
    const value: unknown = tree.value;
    if (value && typeof value === 'object' && !Array.isArray(value) && '_light' in value) {
      return { ...tree, value: value._light };
    }
    return tree;
  }
  return Object.fromEntries(Object.entries(tree).map(([key, child]) => [key, lightOnly(child)])) as T;
}

const brandConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    // Every component picks the brand colour unless told otherwise (colorPalette="red" for destructive actions).
    html: { colorPalette: 'brand', _motionSafe: { scrollBehavior: 'smooth' } },
    body: { bg: 'bg', color: 'fg' },
    // A closing dialog's or sheet's backdrop never takes a click and keeps the last frame of its fade-out. Its removal
    // waits for the end of that animation, and when the end is missed (seen on a busy two-core machine: the tracker's
    // dialog closed, its backdrop stayed at full strength over the page and caught every click) it stays in the page:
    // then it is invisible and lets clicks through instead of locking the page.
    '[data-part="backdrop"][data-state="closed"]': { pointerEvents: 'none', animationFillMode: 'forwards' },
  },
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    tokens: {
      ...tokens,
      colors: {
        ...tokens.colors,
        // "Fox" orange. 700 is the solid shade: white text on it passes WCAG AA (5.2:1).
        brand: {
          50: { value: '#fff7ed' },
          100: { value: '#ffedd5' },
          200: { value: '#fed7aa' },
          300: { value: '#fdba74' },
          400: { value: '#fb8a3c' },
          500: { value: '#f76b15' },
          600: { value: '#ea580c' },
          700: { value: '#c2410c' },
          800: { value: '#9a3412' },
          900: { value: '#7c2d12' },
          950: { value: '#431407' },
        },
      },
      fonts: {
        ...tokens.fonts,
        heading: { value: fontStack },
        body: { value: fontStack },
      },
    },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        // Error texts at least 4.5:1 on white and on the subtle backgrounds (Chakra's red.500 is 3.8:1).
        fg: {
          ...semanticTokens.colors.fg,
          error: { value: '{colors.red.700}' },
        },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          border: { value: '{colors.brand.300}' },
          focusRing: { value: '{colors.brand.600}' },
        },
      },
    }),
    recipes: {
      badge: badgeRecipe,
      button: accessibleButtonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      combobox: comboboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      fileUpload: fileUploadSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      numberInput: numberInputSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      select: selectSlotRecipe,
      steps: stepsSlotRecipe,
      switch: switchSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

let system: ReturnType<typeof createSystem> | undefined;
let mergedConfig: ReturnType<typeof mergeConfigs> | undefined;

/**
 * Merges Chakra's base config with the brand's, the first quarter of creating the system: the app's start-up
 * (main.tsx) runs it in a task before the one that calls `appSystem()`, so neither task is as long as the two together
 * on a phone (decision record 020).
 */
export function mergeAppSystemConfig(): void {
  if (!system) mergedAppConfig();
}

function mergedAppConfig(): ReturnType<typeof mergeConfigs> {
  if (!mergedConfig) {
    mergedConfig = mergeConfigs(defaultBaseConfig, brandConfig);
    Object.defineProperty(mergedConfig, Symbol.for(mergedChakraConfigMark), { value: true });
  }
  return mergedConfig;
}

/**
 * The attribute the build puts on a prerendered page's <style> holding Chakra's global CSS: the reset, the base styles
 * and every design token as a CSS variable (src/client/prerender.tsx).
 */
export const prerenderedGlobalCssAttribute = 'data-chakra-global';

function pageHasGlobalCss(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`style[${prerenderedGlobalCssAttribute}]`) !== null;
}

/**
 * The app's Chakra system, created on first use: tens of milliseconds of work on a phone, which the app's start-up
 * (main.tsx) runs as a task of its own rather than inside the evaluation of every module.
 *
 * On a prerendered page the global CSS (and the order of the cascade layers) is already in the <head>, where it stays:
 * the system then hands `ChakraProvider` nothing to insert, and the browser build never computes that CSS (`_global`
 * is computed on first read there, scripts/vite-plugin-lazy-chakra-global.ts), nor does Emotion serialize it again.
 */
export function appSystem(): ReturnType<typeof createSystem> {
  if (!system) {
    system = createSystem(mergedAppConfig());
    mergedConfig = undefined;
    if (pageHasGlobalCss()) {
      Object.defineProperty(system, '_global', { value: [] });
      Object.defineProperty(system, 'layers', { value: { ...system.layers, atRule: '' } });
    }
  }
  return system;
}
