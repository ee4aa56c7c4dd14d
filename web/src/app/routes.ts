/**
 * THE route table (spec section 2). One list of data drives the router, the guard, the admin side menu and
 * the breadcrumbs. Admin routes: menuCode = path without the leading slash.
 *
 * The admin routes follow the server's menu catalogue (internal/access/catalogue.go, copied for the tests to
 * testdata/menu_catalogue.json): routes.test.ts fails unless every catalogue screen has exactly one admin route
 * here and a `nav.<code>` title in both languages, the Chinese one being the catalogue's name.
 */
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n';

export type Shell = 'public' | 'portal' | 'admin';
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface RouteEntry {
  path: string;
  shell: Shell;
  /** i18n key of the title (breadcrumb, menu fallback, document title) */
  titleKey: MessageKey;
  /** admin routes: the menu code the session must hold */
  menuCode?: string;
  page: PageLoader;
  /** a screen of the catalogue not built yet: its page is the 'coming soon' placeholder */
  planned?: boolean;
  /** a public screen built without antd (the sign-in screens): rendered outside antd's provider (router.tsx) */
  plain?: boolean;
  /**
   * a shell's page that needs only the core messages (src/i18n/publicKeys.ts): it does not wait on the rest of the
   * catalogue (publicKeys.test.ts checks its keys); every other portal or admin page does
   */
  coreMessages?: boolean;
  /**
   * the page's first call, started at a full load of the address beside the page's modules (router.tsx
   * preloadAddress) with the key and parameters the page uses, so the page finds it in the query cache; given the
   * address's query
   */
  prefetch?: (search: string) => Promise<unknown>;
}

type NavKey<K = MessageKey> = K extends `nav.${infer C}` ? C : never;

const pages = {
  login: () => import('../features/auth/LoginPage'),
  externalLogin: () => import('../features/auth/ExternalLoginPage'),
  sso: () => import('../features/auth/SsoPage'),
  gateway: () => import('../features/portal/GatewayPage'),
  gatewaySearch: () => import('../features/portal/GatewaySearchPage'),
  gatewayMsg: () => import('../features/portal/GatewayMsgPage'),
  gatewayDemand: () => import('../features/demand/GatewayDemandPage'),
  gatewayDetail: () => import('../features/portal/GatewayDetailPage'),
  welcome: () => import('../features/admin/WelcomePage'),
  comingSoon: () => import('../features/admin/ComingSoonPage'),
  sysuser: () => import('../features/sys/SysUserPage'),
  orgManager: () => import('../features/org/OrgManagerPage'),
  loginLog: () => import('../features/sys/LoginLogPage'),
  businessLog: () => import('../features/sys/BusinessLogPage'),
  exceptionLog: () => import('../features/sys/ExceptionLogPage'),
  dictManager: () => import('../features/sys/DictManagerPage'),
  sysroles: () => import('../features/sys/SysRolesPage'),
  roleusers: () => import('../features/sys/RoleUsersPage'),
  rolemanager: () => import('../features/sys/RoleManagerPage'),
  externalOrgan: () => import('../features/external/ExternalOrganPage'),
  externalUser: () => import('../features/external/ExternalUserPage'),
  handover: () => import('../features/handover/HandoverPage'),
  dtable: () => import('../features/lowcode/DTablePage'),
  datasets: () => import('../features/lowcode/DatasetPage'),
  dreport: () => import('../features/lowcode/DReportPage'),
  menusmanager: () => import('../features/sys/MenusManagerPage'),
  functionsmanager: () => import('../features/sys/FunctionsManagerPage'),
  resmanager: () => import('../features/sys/ResManagerPage'),
  sysConfig: () => import('../features/sys/SysConfigPage'),
  headerFooter: () => import('../features/sys/HeaderFooterPage'),
  widgets: () => import('../features/widgets/WidgetGalleryPage'),
  expertMakeWord: () => import('../features/wordbook/ExpertMakeWordPage'),
  expertBooks: () => import('../features/wordbook/ExpertBookListPage'),
  library: () => import('../features/library/LibraryPage'),
  socialSecurity: () => import('../features/library/SocialSecurityPage'),
  tagManager: () => import('../features/library/TagManagerPage'),
  gatewayManager: () => import('../features/gatewaymanager/GatewayManagerPage'),
  taskManager: () => import('../features/tasks/TaskManagerPage'),
  taskLog: () => import('../features/tasks/TaskLogPage'),
  statistics: () => import('../features/stats/StatisticsPage'),
  demandCollection: () => import('../features/demand/DemandCollectionPage'),
  rewardSetting: () => import('../features/reward/RewardSettingPage'),
  rewardAudit: () => import('../features/reward/RewardAuditPage'),
  rewardReport: () => import('../features/reward/RewardReportPage'),
  courseManager: () => import('../features/content/CourseManagerPage'),
  gatewayCourse: () => import('../features/content/GatewayCoursePage'),
  h5Course: () => import('../features/content/LearnerPage'),
  // the public verification of a training certificate: its messages are training's (the whole catalogue)
  verifyCert: () => import('../i18n').then((m) => m.loadMessages('all')).then(() => import('../features/training/VerifyCertPage')),
  // training's screens share one entry (its own lazy screens): a short import list in the first bundle; the entry
  // comes with the screen of the address
  training: () => import('../features/training/TrainingRoute').then((m) => m.loadScreen().then(() => m)),
  examBank: () => import('../features/exam/BankPage'),
  examPaper: () => import('../features/exam/PaperPage'),
  examManage: () => import('../features/exam/ExamManagePage'),
  examGrade: () => import('../features/exam/GradePage'),
  gatewayExam: () => import('../features/exam/PortalExamPage'),
} satisfies Record<string, PageLoader>;

const route = (shell: Shell, name: NavKey, page: PageLoader, path = `/${name}`): RouteEntry => ({
  path,
  shell,
  titleKey: `nav.${name}` as MessageKey,
  page,
});

/** The page of a planned screen. */
export const COMING_SOON: PageLoader = pages.comingSoon;

/** An admin-shell route; without a page it is a planned screen, shown as 'coming soon' until built. */
const admin = (code: NavKey, page?: PageLoader): RouteEntry => ({
  ...route('admin', code, page ?? COMING_SOON),
  menuCode: code,
  ...(page ? {} : { planned: true }),
});

/** A library screen: its record types, then its list's first page, asked for with its modules on a full load. */
const libraryScreen = (entry: RouteEntry): RouteEntry => ({
  ...entry,
  prefetch: (search) => import('../features/library/libraryList').then((m) => m.prefetchLibraryList(window.location.pathname, search)),
});

const detailTabs = ['enterprise', 'expert', 'contract', 'honor', 'caKeyClass', 'service', 'packs', 'govAdoption'] as const;
export type DetailTab = (typeof detailTabs)[number];
export const DETAIL_TABS: readonly DetailTab[] = detailTabs;

export const LOGIN_PATHS = ['/login', '/ahrLogin', '/login2'] as const;

/** The public verification page of a training certificate; the serial is the last part of the address. */
export const VERIFY_CERT_PATH = '/verify/cert/:serial';
const VERIFY_CERT_PREFIX = '/verify/cert/';

export const routes: RouteEntry[] = [
  // public (no login guard); the sign-in screens are plain HTML, the first screen downloads no antd
  { ...route('public', 'login', pages.login), plain: true },
  { ...route('public', 'ahrLogin', pages.login), plain: true },
  { ...route('public', 'login2', pages.externalLogin), plain: true },
  route('public', 'sso', pages.sso),
  // the mobile plug-in's learner page: its own sign-in (curriculum-user API, h5Token)
  route('public', 'h5Course', pages.h5Course),
  // a certificate's QR code: the public verification page (/verify/cert/<serial>)
  route('public', 'verifyCert', pages.verifyCert, VERIFY_CERT_PATH),

  // portal shell
  {
    ...route('portal', 'gateway', pages.gateway),
    coreMessages: true,
    prefetch: () => import('../api/hooks/portal').then((m) => m.prefetchPortalHome()),
  },
  route('portal', 'gatewaySearch', pages.gatewaySearch),
  route('portal', 'gatewayMsg', pages.gatewayMsg),
  route('portal', 'gatewayDemand', pages.gatewayDemand),
  route('portal', 'gatewayCourse', pages.gatewayCourse),
  route('portal', 'gatewayTraining', pages.training),
  route('portal', 'gatewayExam', pages.gatewayExam),
  route('portal', 'gatewayDetail', pages.gatewayDetail),
  ...detailTabs.map((tab) =>
    route('portal', `gatewayDetail.${tab}`, pages.gatewayDetail, `/gatewayDetail/${tab}`),
  ),

  // admin shell
  admin('welcome', pages.welcome),
  admin('tagmanager', pages.tagManager),
  admin('gatewaymanager', pages.gatewayManager),
  admin('demandcollection', pages.demandCollection),
  {
    ...admin('course_manager', pages.courseManager),
    prefetch: (search) => import('../features/content/courseList').then((m) => m.prefetchCourses(search)),
  },
  libraryScreen(admin('servicePlan', pages.library)),
  libraryScreen(admin('expandServices', pages.library)),
  admin('useCertificateRewardSetting', pages.rewardSetting),
  admin('useCertificateRewardAudit', pages.rewardAudit),
  admin('useCertificateRewardReport', pages.rewardReport),
  admin('rolemanager', pages.rolemanager),
  admin('resmanager', pages.resmanager),
  admin('menusmanager', pages.menusmanager),
  admin('functionsmanager', pages.functionsmanager),
  admin('sysroles', pages.sysroles),
  admin('roleusers', pages.roleusers),
  {
    ...admin('sysuser', pages.sysuser),
    coreMessages: true,
    prefetch: (search) => import('../features/sys/sysUserList').then((m) => m.prefetchStaffList(search)),
  },
  admin('organization_manager', pages.orgManager),
  admin('test', pages.widgets),
  libraryScreen(admin('expert_talents_manage', pages.library)),
  admin('expert_make_word', pages.expertMakeWord),
  admin('expert_talents_result', pages.expertBooks),
  admin('dict_manager', pages.dictManager),
  admin('sys_config', pages.sysConfig),
  admin('exception_log', pages.exceptionLog),
  admin('business_log', pages.businessLog),
  admin('login_log', pages.loginLog),
  admin('task_manager', pages.taskManager),
  admin('task_log', pages.taskLog),
  admin('dataset_manager', pages.datasets),
  admin('handover_manager', pages.handover),
  admin('headerAndfooter_manager', pages.headerFooter),
  {
    ...admin('dtable', pages.dtable),
    prefetch: () => import('../features/lowcode/dtableList').then((m) => m.prefetchDTable()),
  },
  admin('dreport', pages.dreport),
  admin('training_plan', pages.training),
  admin('training_class', pages.training),
  admin('training_lecturer', pages.training),
  admin('training_survey', pages.training),
  admin('training_honour', pages.training),
  admin('exam_bank', pages.examBank),
  admin('exam_paper', pages.examPaper),
  admin('exam_manage', pages.examManage),
  admin('exam_grade', pages.examGrade),
  admin('externalOrgan', pages.externalOrgan),
  admin('externalUser', pages.externalUser),

  // library screens (admin shell)
  libraryScreen(admin('expert_talents2_manage', pages.library)),
  libraryScreen(admin('expert_talents2_license', pages.library)),
  libraryScreen(admin('expert_talents2_honor', pages.library)),
  libraryScreen(admin('expert_talents2_contract', pages.library)),
  libraryScreen(admin('expert_talents2_politics', pages.library)),
  libraryScreen(admin('expert_talents2_tender', pages.library)),
  {
    ...admin('expert_talents2_social', pages.socialSecurity),
    prefetch: (search) => import('../features/library/socialList').then((m) => m.prefetchSocialList(search)),
  },
  libraryScreen(admin('expert_talents2_gov', pages.library)),
  libraryScreen(admin('expert_talents2_message', pages.library)),
  libraryScreen(admin('expert_talents2_announcement', pages.library)),

  // statistics screens (admin shell)
  admin('personnel_login', pages.statistics),
  admin('personnel_role', pages.statistics),
  admin('download_type', pages.statistics),
  admin('demand_feedback', pages.statistics),
  admin('data_upload', pages.statistics),
  admin('ca_upload', pages.statistics),
  admin('summary', pages.statistics),
  admin('statistics_account', pages.statistics),
  admin('statistics_training', pages.statistics),
];

const byPath = new Map(routes.map((r) => [r.path.toLowerCase(), r]));

/** Normalise a location path: no trailing slash (except '/'). */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The route entry of a path (a query after it is ignored), or undefined (react-router matches paths case-insensitively too). */
export function findRoute(path: string): RouteEntry | undefined {
  const p = normalizePath(path.split(/[?#]/)[0]).toLowerCase();
  if (p.startsWith(VERIFY_CERT_PREFIX) && p.length > VERIFY_CERT_PREFIX.length && !p.slice(VERIFY_CERT_PREFIX.length).includes('/'))
    return byPath.get(VERIFY_CERT_PATH);
  return byPath.get(p);
}

export const adminRoutes = routes.filter((r) => r.shell === 'admin');

/** Whether the screen of a route is built (not the placeholder): unbuilt screens are in no menu or filter. */
export const isBuilt = (r: RouteEntry) => r.page !== pages.comingSoon;

export function findAdminRouteByCode(code: string): RouteEntry | undefined {
  return adminRoutes.find((r) => r.menuCode === code);
}

/** A menu node as menuPaths reads it. */
interface MenuNode {
  path?: string | null;
  subMenus?: MenuNode[] | null;
}

/**
 * The admin paths (with their query) the session's menu leads to through a node's own path: the dynamic reports in
 * the side menu (/dreport?id=N) are granted to their roles, not through a menu code.
 */
export function menuPaths(menus: readonly MenuNode[] | undefined | null): string[] {
  const out: string[] = [];
  const walk = (list: readonly MenuNode[] | undefined | null) =>
    list?.forEach((m) => {
      if (m.path && findRoute(m.path)?.shell === 'admin') out.push(m.path);
      walk(m.subMenus);
    });
  walk(menus);
  return out;
}

/**
 * The first admin route the menu codes allow: /welcome when held, else the first in table order; else the first admin
 * path of the menu (a report in the side menu).
 */
export function adminEntry(menuCodes: readonly string[] | undefined, menus?: readonly MenuNode[] | null): string | undefined {
  const held = new Set(menuCodes ?? []);
  return adminRoutes.find((r) => r.menuCode && held.has(r.menuCode))?.path ?? menuPaths(menus)[0];
}
