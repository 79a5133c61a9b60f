// The site map of the public pages: the desktop mega-menus, the mobile drawer and the footer all render from it,
// so a page added here appears everywhere with the same label (marketing:nav.links.<key>).
import type { IconType } from 'react-icons';
import {
  LuBookOpen,
  LuBriefcase,
  LuBuilding2,
  LuChartColumn,
  LuCompass,
  LuGitPullRequest,
  LuHandHeart,
  LuHeart,
  LuLayoutGrid,
  LuLeaf,
  LuMail,
  LuMap,
  LuMegaphone,
  LuNewspaper,
  LuShieldCheck,
  LuShoppingBag,
  LuSmile,
  LuSparkles,
  LuTag,
  LuUsers,
  LuBookMarked,
} from 'react-icons/lu';
import type { PublicLinks } from './hooks/use-public-links.ts';

export type NavLinkKey =
  | 'productTour'
  | 'catalog'
  | 'pricing'
  | 'foxProfile'
  | 'foxComics'
  | 'foxShop'
  | 'findJob'
  | 'caseStudy'
  | 'companyPortal'
  | 'metricBenchmark'
  | 'contact'
  | 'blog'
  | 'pressRelease'
  | 'origin'
  | 'contributing'
  | 'codeOfConduct'
  | 'roadmap'
  | 'missionValue'
  | 'team'
  | 'careers'
  | 'sustainability';

/** In-app route, or an outbound URL taken from the runtime config. */
export type NavTarget = { to: string } | { external: keyof Pick<PublicLinks, 'roadmapUrl' | 'companyPortalUrl'> };

export interface NavLinkItem {
  key: NavLinkKey;
  target: NavTarget;
  icon: IconType;
}

export interface NavGroup {
  key: 'overview' | 'fox' | 'students' | 'companies' | 'learn' | 'openSource' | 'company';
  items: NavLinkItem[];
}

export interface NavMenu {
  key: 'product' | 'solutions' | 'resources';
  groups: NavGroup[];
}

const links = {
  productTour: { key: 'productTour', target: { to: '/#product-tour' }, icon: LuCompass },
  catalog: { key: 'catalog', target: { to: '/catalog' }, icon: LuLayoutGrid },
  pricing: { key: 'pricing', target: { to: '/pricing' }, icon: LuTag },
  foxProfile: { key: 'foxProfile', target: { to: '/fox-profile' }, icon: LuSmile },
  foxComics: { key: 'foxComics', target: { to: '/fox-comics' }, icon: LuBookOpen },
  foxShop: { key: 'foxShop', target: { to: '/fox-shop' }, icon: LuShoppingBag },
  findJob: { key: 'findJob', target: { to: '/sign-in' }, icon: LuBriefcase },
  caseStudy: { key: 'caseStudy', target: { to: '/blog/lovable-case-study' }, icon: LuSparkles },
  companyPortal: { key: 'companyPortal', target: { external: 'companyPortalUrl' }, icon: LuBuilding2 },
  metricBenchmark: { key: 'metricBenchmark', target: { to: '/metric-benchmark' }, icon: LuChartColumn },
  contact: { key: 'contact', target: { to: '/contact' }, icon: LuMail },
  blog: { key: 'blog', target: { to: '/blog' }, icon: LuNewspaper },
  pressRelease: { key: 'pressRelease', target: { to: '/press-release' }, icon: LuMegaphone },
  origin: { key: 'origin', target: { to: '/origin' }, icon: LuBookMarked },
  contributing: { key: 'contributing', target: { to: '/CONTRIBUTING.md' }, icon: LuGitPullRequest },
  codeOfConduct: { key: 'codeOfConduct', target: { to: '/docs/CODE_OF_CONDUCT.md' }, icon: LuShieldCheck },
  roadmap: { key: 'roadmap', target: { external: 'roadmapUrl' }, icon: LuMap },
  missionValue: { key: 'missionValue', target: { to: '/mission-value' }, icon: LuHeart },
  team: { key: 'team', target: { to: '/team' }, icon: LuUsers },
  careers: { key: 'careers', target: { to: '/careers' }, icon: LuHandHeart },
  sustainability: { key: 'sustainability', target: { to: '/sustainability' }, icon: LuLeaf },
} satisfies Record<NavLinkKey, NavLinkItem>;

export const navMenus: NavMenu[] = [
  {
    key: 'product',
    groups: [
      { key: 'overview', items: [links.productTour, links.catalog, links.pricing] },
      { key: 'fox', items: [links.foxProfile, links.foxComics, links.foxShop] },
    ],
  },
  {
    key: 'solutions',
    groups: [
      { key: 'students', items: [links.findJob, links.caseStudy] },
      { key: 'companies', items: [links.companyPortal, links.metricBenchmark, links.contact] },
    ],
  },
  {
    key: 'resources',
    groups: [
      { key: 'learn', items: [links.blog, links.pressRelease, links.origin] },
      { key: 'openSource', items: [links.contributing, links.codeOfConduct, links.roadmap] },
      { key: 'company', items: [links.missionValue, links.team, links.careers, links.sustainability] },
    ],
  },
];

export interface FooterColumn {
  key: 'product' | 'resources' | 'company';
  items: NavLinkItem[];
}

export const footerColumns: FooterColumn[] = [
  {
    key: 'product',
    items: [links.productTour, links.catalog, links.pricing, links.metricBenchmark, links.companyPortal],
  },
  { key: 'resources', items: [links.blog, links.pressRelease, links.contributing, links.codeOfConduct, links.roadmap] },
  {
    key: 'company',
    items: [
      links.origin,
      links.missionValue,
      links.team,
      links.careers,
      links.sustainability,
      links.foxProfile,
      links.contact,
    ],
  },
];
