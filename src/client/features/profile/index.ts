export { getProfile } from './api/get-profile.ts';
export { updateProfileName } from './api/update-profile-name.ts';
export { updateProfile } from './api/update-profile.ts';
export { verifyDevpost } from './api/verify-devpost.ts';
export { getCachedProfile, saveCachedProfile } from './db/profile-cache-repository.ts';
export { useCachedProfile } from './hooks/use-cached-profile.ts';
export { useProfileSyncSettled } from './hooks/use-profile-sync.ts';
export { profileMessageKey } from './profile-message-keys.ts';
export { useSkillDraft } from './hooks/use-skill-draft.ts';
