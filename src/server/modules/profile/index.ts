export { devpostRoutes } from './devpost.routes.ts';
export { createDevpostService, type DevpostService } from './devpost.service.ts';
export { githubRoutes } from './github.routes.ts';
export { createGithubService } from './github.service.ts';
export { recordDevpostVerification, sameUsername } from './profile.repository.ts';
export { profileRoutes } from './profile.routes.ts';
export { loadAccount, loadStudentProfile } from './profile.service.ts';
