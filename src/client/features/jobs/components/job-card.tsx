import { memo } from 'react';
import {
  LuBookmark,
  LuBookmarkCheck,
  LuCalendar,
  LuCircleCheck,
  LuExternalLink,
  LuEyeOff,
  LuFlag,
  LuMapPin,
  LuRefreshCw,
  LuUndo2,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import type { Locale } from '../../../../shared/locale.ts';
import { mayBeClosed, postedAge, type PostedAge } from '../../../../shared/jobs/posted-within.ts';
import {
  companyInitials,
  featuredStage,
  postingChoice,
  jobCardLink,
  jobBadgeKind,
  locationSummary,
  type JobBadgeKind,
  type PostingChoice,
} from '../job-card-model.ts';
import { criteriaText, sponsorshipTone, type CriteriaLabels } from '../job-criteria-text.ts';
import { formatPostedDay, updatedDaysAgo } from '../job-dates.ts';

/** Every text a card shows, translated once per list rather than once per card. */
export interface JobCardLabels {
  badge: Record<JobBadgeKind, string>;
  opensInNewTab: string;
  noLocation: string;
  postedRecently: string;
  /** "Posted 3 days ago", "Posted 13 months ago". */
  postedAgo: (age: PostedAge) => string;
  /** The exact date, in the tooltip: "Posted Oct 18, 2025". */
  posted: (date: string) => string;
  mayBeClosed: string;
  applied: string;
  moreLocations: (count: number) => string;
  updated: (days: number) => string;
  closed: string;
  /** "3 locations", "Posted twice": the summary of a card's postings. */
  postings: (choice: PostingChoice) => string;
  save: (title: string) => string;
  unsave: (title: string) => string;
  criteria: CriteriaLabels;
  /**
   * "Sponsors visas", "Does not sponsor visas": featured jobs that say; "Sponsorship not stated" on every other job,
   * shown only to a student who needs sponsorship (to everyone else it would be noise on every card).
   */
  sponsorship: { yes: string; no: string; unknown: string };
  /** "Not interested in {title}". */
  dismiss: (title: string) => string;
  /** The visible "Restore" of a dismissed job, and its full name. */
  restore: string;
  restoreJob: (title: string) => string;
  /** "Report {title}": a feed listing's report button (it has no page of its own to carry one). */
  report: (title: string) => string;
}

// Shared elements: React skips comparing and re-rendering an element it has already seen.
const externalIcon = <LuExternalLink className="job-card-external" aria-hidden />;
const pinIcon = <LuMapPin aria-hidden />;
const calendarIcon = <LuCalendar aria-hidden />;
const updatedIcon = <LuRefreshCw aria-hidden />;
const savedIcon = <LuBookmarkCheck aria-hidden />;
const appliedIcon = <LuCircleCheck aria-hidden />;
const unsavedIcon = <LuBookmark aria-hidden />;
const dismissIcon = <LuEyeOff aria-hidden />;
const restoreIcon = <LuUndo2 aria-hidden />;
const reportIcon = <LuFlag aria-hidden />;

interface JobCardProps {
  job: BoardJob;
  locale: Locale;
  labels: JobCardLabels;
  /** Today's start (ms), for "posted N days ago" and "updated N days ago". */
  today?: number;
  /** The student applied to this job (or has the application waiting to be sent). */
  applied?: boolean;
  /** What "Applied" says when the student tracks the application themselves ("Applied (tracked) · Interview"). */
  appliedLabel?: string;
  /** One line under the title ("Jobs for you" says why the job fits). */
  note?: string;
  /** Router state for a featured job's link (the board marks its own, for the job page's way back). */
  linkState?: unknown;
  /** The bookmark: shown when `onToggleSave` is given. */
  saved?: boolean;
  onToggleSave?: (job: BoardJob, saved: boolean) => void;
  /** "Not interested": shown when `onToggleDismiss` is given; a dismissed job offers Restore instead. */
  dismissed?: boolean;
  onToggleDismiss?: (job: BoardJob, dismissed: boolean) => void;
  /** A saved job that left the board. */
  closed?: boolean;
  /** The student needs visa sponsorship: "Does not sponsor visas" is shown as a warning. */
  needsSponsorship?: boolean;
  /** "Report": shown on feed listings when given (a featured job is reported from its page). */
  onReport?: (job: BoardJob) => void;
}

const avatarTones = 6;

/** One of a few avatar colours, always the same for a company. */
function avatarTone(company: string): number {
  let hash = 0;
  for (let i = 0; i < company.length; i++) hash = (hash * 31 + company.charCodeAt(i)) | 0;
  return Math.abs(hash) % avatarTones;
}

/**
 * One job of the list: title, company, type badge, first location (+N more) and posted date. The whole card is
 * the link: featured jobs open their detail page, external listings their own page in a new tab.
 *
 * Plain elements styled by the list (`jobCardListStyles`) and no hooks: a search keystroke can bring 20 new cards, and
 * at 4x CPU throttling a Chakra component or a useTranslation per card costs more than the search itself.
 */
export const JobCard = memo(function JobCard({
  job,
  locale,
  labels,
  today,
  saved,
  onToggleSave,
  dismissed,
  onToggleDismiss,
  closed,
  applied,
  appliedLabel,
  note,
  linkState,
  needsSponsorship = false,
  onReport,
}: JobCardProps) {
  const link = jobCardLink(job);
  const updatedDays = today === undefined ? null : updatedDaysAgo(job, today);
  const badge = jobBadgeKind(job);
  const stage = featuredStage(job);
  const { first, more } = locationSummary(job.locations);
  const posted = formatPostedDay(job.datePosted, locale);
  const age = today === undefined ? null : postedAge(job.datePosted, today);
  const old = today !== undefined && !closed && mayBeClosed(job.datePosted, today);
  const choice = postingChoice(job);
  const criteria = criteriaText(job, labels.criteria, true);
  // A copy saved before sponsorship existed has none: it reads as not stated.
  const stated = job.featured && (job.sponsorship === 'yes' || job.sponsorship === 'no') ? job.sponsorship : null;
  const sponsorship = stated ?? (needsSponsorship ? 'unknown' : null);

  // The last word and the icon never part: the icon alone on a line of its own reads as a stray glyph.
  const cut = job.title.lastIndexOf(' ');
  const title =
    link.kind === 'internal' ? (
      <RouterLink to={link.to} state={linkState}>
        {job.title}
      </RouterLink>
    ) : link.kind === 'external' ? (
      <a href={link.href} target="_blank" rel="noopener noreferrer">
        {job.title.slice(0, cut + 1)}
        <span className="job-card-nowrap">
          {job.title.slice(cut + 1)}
          {externalIcon}
        </span>
        <span className="job-card-sr-only"> ({labels.opensInNewTab})</span>
      </a>
    ) : (
      job.title
    );

  return (
    <article
      className="job-card"
      data-testid="job-card"
      data-featured={job.featured || undefined}
      data-closed={closed || undefined}
      data-job-id={job.id}
    >
      <div className="job-card-head">
        <span className="job-card-avatar" aria-hidden data-tone={avatarTone(job.company)}>
          {companyInitials(job.company)}
        </span>
        <div className="job-card-names">
          <h3 className="job-card-title">{title}</h3>
          <p className="job-card-company">{job.company}</p>
          {/* Under the names, so on a phone the title keeps the width of the card. */}
          <div className="job-card-badges">
            {badge ? (
              <span className="job-card-badge" data-kind={badge}>
                {labels.badge[badge]}
              </span>
            ) : job.type ? (
              <span className="job-card-badge" data-kind="other">
                {job.type}
              </span>
            ) : null}
            {stage ? (
              <span className="job-card-badge" data-kind={stage} data-testid="job-card-stage">
                {labels.badge[stage]}
              </span>
            ) : null}
            {sponsorship ? (
              <span
                className="job-card-badge"
                data-kind={`sponsorship-${sponsorshipTone(sponsorship, needsSponsorship)}`}
                data-testid="job-card-sponsorship"
              >
                {labels.sponsorship[sponsorship]}
              </span>
            ) : null}
          </div>
        </div>
        {onToggleSave || (onToggleDismiss && !dismissed) ? (
          <div className="job-card-actions">
            {onToggleDismiss && !dismissed ? (
              <button
                type="button"
                className="job-card-save"
                aria-label={labels.dismiss(job.title)}
                data-testid="job-dismiss"
                onClick={() => onToggleDismiss(job, true)}
              >
                {dismissIcon}
              </button>
            ) : null}
            {onToggleSave ? (
              <button
                type="button"
                className="job-card-save"
                aria-pressed={saved ?? false}
                aria-label={saved ? labels.unsave(job.title) : labels.save(job.title)}
                data-testid="job-save"
                onClick={() => onToggleSave(job, !saved)}
              >
                {saved ? savedIcon : unsavedIcon}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {note ? (
        <p className="job-card-note" data-testid="job-card-note">
          {note}
        </p>
      ) : null}
      {criteria ? (
        <p className="job-card-criteria" data-testid="job-card-criteria">
          {criteria}
        </p>
      ) : null}
      {closed || old || applied ? (
        <div className="job-card-notes">
          {applied ? (
            <span className="job-card-applied" data-testid="job-applied">
              {appliedIcon}
              {appliedLabel ?? labels.applied}
            </span>
          ) : null}
          {closed ? (
            <span className="job-card-closed" data-testid="job-closed">
              {labels.closed}
            </span>
          ) : null}
          {old ? (
            <span className="job-card-old" data-testid="job-may-be-closed">
              {labels.mayBeClosed}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="job-card-meta">
        <span className="job-card-location">
          {pinIcon}
          <span className="job-card-truncate">{first ?? labels.noLocation}</span>
          {more > 0 ? (
            <span className="job-card-more" title={job.locations.join(' · ')}>
              <span aria-hidden>+{more}</span>
              <span className="job-card-sr-only">{labels.moreLocations(more)}</span>
            </span>
          ) : null}
        </span>
        <span className="job-card-posted">
          {calendarIcon}
          {posted ? (
            <time dateTime={new Date(job.datePosted * 1000).toISOString()} title={labels.posted(posted)}>
              {age ? labels.postedAgo(age) : labels.posted(posted)}
            </time>
          ) : (
            <span>{labels.postedRecently}</span>
          )}
        </span>
        {updatedDays !== null ? (
          <span className="job-card-posted" data-testid="job-updated">
            {updatedIcon}
            <time dateTime={new Date(job.dateUpdated! * 1000).toISOString()}>{labels.updated(updatedDays)}</time>
          </span>
        ) : null}
        {/* At the end of the meta row rather than beside the bookmark: the title keeps its width on a phone. */}
        {onReport && !job.featured && !closed ? (
          <button
            type="button"
            className="job-card-report"
            aria-label={labels.report(job.title)}
            aria-haspopup="dialog"
            data-testid="job-report"
            onClick={() => onReport(job)}
          >
            {reportIcon}
          </button>
        ) : null}
      </div>
      {choice ? (
        // A native disclosure: keyboard and screen readers get it for free, and the card stays free of hooks.
        <details className="job-card-postings" data-testid="job-postings">
          <summary>{labels.postings(choice)}</summary>
          <ul>
            {choice.postings.map((posting) => (
              <li key={posting.id}>
                {posting.url && /^https?:\/\//i.test(posting.url) ? (
                  <a href={posting.url} target="_blank" rel="noopener noreferrer" data-job-id={posting.id}>
                    <span className="job-card-truncate">{posting.locations.join(' · ') || labels.noLocation}</span>
                    <span className="job-card-posting-date">{formatPostedDay(posting.datePosted, locale)}</span>
                    {externalIcon}
                    <span className="job-card-sr-only"> ({labels.opensInNewTab})</span>
                  </a>
                ) : (
                  <span>{posting.locations.join(' · ') || labels.noLocation}</span>
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {/* A dismissed job (the Dismissed list): Restore in words, on a row of its own so the title keeps its width. */}
      {onToggleDismiss && dismissed ? (
        <div className="job-card-footer">
          <button
            type="button"
            className="job-card-restore"
            aria-label={labels.restoreJob(job.title)}
            data-testid="job-restore"
            onClick={() => onToggleDismiss(job, false)}
          >
            {restoreIcon}
            {labels.restore}
          </button>
        </div>
      ) : null}
    </article>
  );
});
