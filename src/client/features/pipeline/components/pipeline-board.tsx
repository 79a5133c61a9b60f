import {
  Badge,
  Box,
  Checkbox,
  Dialog,
  Flex,
  Grid,
  Heading,
  HStack,
  IconButton,
  NativeSelect,
  Portal,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuGripVertical } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import {
  type ApplicationStatus,
  companySettableStatuses,
  type CompanySettableStatus,
  type RejectionReason,
} from '../../../../shared/company/company-api.ts';
import {
  ageParts,
  type Pipeline,
  type PipelineCard,
  type PipelineQuery,
} from '../../../../shared/pipeline/pipeline-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText, errorCodeOf } from '../../../lib/api-error-text.ts';
import {
  ErrorPanel,
  formatDate,
  KnockoutBadge,
  LoadingRows,
  RejectionReasonFields,
  rejectionRequestOf,
  setApplicationStatus,
  useResource,
} from '../../company/index.ts';
import { BulkMoveBar, messageRequestOf, type MoveMessage, MoveMessageSelect } from '../../messages/index.ts';
import { getPipeline } from '../api/pipeline-api.ts';

const movable = (status: ApplicationStatus): status is CompanySettableStatus =>
  (companySettableStatuses as readonly string[]).includes(status);

function findCard(pipeline: Pipeline | undefined, id: string | number | undefined): PipelineCard | undefined {
  return pipeline?.stages.flatMap((stage) => stage.cards).find((card) => card.applicationId === id);
}

/** The board with `cardId` moved to the top of `to` (counts follow), and `patch` applied to it. */
function withCardMoved(
  pipeline: Pipeline,
  cardId: string,
  to: ApplicationStatus,
  patch: Partial<PipelineCard> = {},
): Pipeline {
  const card = pipeline.stages.flatMap((stage) => stage.cards).find((item) => item.applicationId === cardId);
  if (!card) return pipeline;
  const moved = { ...card, ...patch, status: to };
  return {
    ...pipeline,
    stages: pipeline.stages.map((stage) => {
      if (stage.status === card.status && stage.status === to)
        return { ...stage, cards: stage.cards.map((item) => (item.applicationId === cardId ? moved : item)) };
      if (stage.status === card.status)
        return {
          ...stage,
          count: stage.count - 1,
          cards: stage.cards.filter((item) => item.applicationId !== cardId),
        };
      if (stage.status === to) return { ...stage, count: stage.count + 1, cards: [moved, ...stage.cards] };
      return stage;
    }),
  };
}

/**
 * Arrow keys jump a lifted card from column to column in pipeline order (right/down next, left/up previous), whatever
 * the layout: side by side on wide screens, stacked on phones.
 */
const columnByColumn: KeyboardCoordinateGetter = (event, { context }) => {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.code];
  if (step === undefined) return undefined;
  event.preventDefault();
  const from = (context.over?.id ?? context.active?.data.current?.status) as CompanySettableStatus | undefined;
  const index = from ? companySettableStatuses.indexOf(from) : 0;
  const target = companySettableStatuses[Math.min(companySettableStatuses.length - 1, Math.max(0, index + step))]!;
  const rect = context.droppableRects.get(target);
  if (!rect) return undefined;
  return { x: rect.left + 8, y: rect.top + 8 };
};

/** The pointer's column; with the keyboard, the column holding the lifted card's top left corner. */
const columnUnder: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const x = args.collisionRect.left + 4;
  const y = args.collisionRect.top + 4;
  const hit = args.droppableContainers.find((container) => {
    const rect = args.droppableRects.get(container.id);
    return rect && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
  });
  return hit ? [{ id: hit.id, data: { droppableContainer: hit, value: 0 } }] : [];
};

function CardAge({ appliedAt, now }: { appliedAt: string; now: number }) {
  const { t, i18n } = useTranslation('company');
  const { value, unit } = ageParts(appliedAt, now);
  const age = new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value);
  return (
    <Text as="span" title={formatDate(appliedAt, i18n.language)}>
      <VisuallyHidden>{t('pipeline.applied')} </VisuallyHidden>
      {age}
    </Text>
  );
}

function CardBody({ card, listSearch, now }: { card: PipelineCard; listSearch: string; now: number }) {
  const { t } = useTranslation('company');
  const link = `/company/applications/${card.applicationId}${listSearch ? `?list=${encodeURIComponent(listSearch)}` : ''}`;
  return (
    <Stack gap="1" minW="0" flex="1">
      <RouterLink to={link}>
        <Text
          fontWeight="semibold"
          textDecoration="underline"
          textUnderlineOffset="3px"
          wordBreak="break-word"
          _hover={{ color: 'brand.fg' }}
        >
          {card.firstName} {card.lastName}
        </Text>
      </RouterLink>
      <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
        {card.school}
      </Text>
      <HStack gap="2" textStyle="xs" color="fg.muted" wrap="wrap">
        <Text as="span">
          {card.rating !== null ? t('applicants.rating', { rating: card.rating }) : t('pipeline.notRated')}
        </Text>
        <Text as="span" aria-hidden>
          ·
        </Text>
        <CardAge appliedAt={card.appliedAt} now={now} />
      </HStack>
      {card.knockedOut ? (
        <Box>
          <KnockoutBadge />
        </Box>
      ) : null}
    </Stack>
  );
}

function BoardCard({
  card,
  listSearch,
  now,
  selected,
  onSelect,
  onMove,
}: {
  card: PipelineCard;
  listSearch: string;
  now: number;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onMove: (to: CompanySettableStatus) => void;
}) {
  const { t } = useTranslation('company');
  const canMove = movable(card.status);
  const name = `${card.firstName} ${card.lastName}`;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.applicationId,
    data: { status: card.status },
    disabled: !canMove,
  });
  return (
    <Box
      as="li"
      ref={setNodeRef}
      listStyleType="none"
      bg="bg"
      borderWidth="1px"
      rounded="l2"
      p="2"
      opacity={isDragging ? 0.4 : 1}
      data-testid="pipeline-card"
      data-application-id={card.applicationId}
    >
      <CardBody card={card} listSearch={listSearch} now={now} />
      {canMove ? (
        <Flex justify="space-between" align="center" mt="1" mb="-1">
          <Checkbox.Root
            checked={selected}
            onCheckedChange={(detail) => onSelect(detail.checked === true)}
            minH="11"
            minW="11"
            data-testid="pipeline-select"
          >
            <Checkbox.HiddenInput aria-label={t('applicants.select', { name })} />
            <Checkbox.Control />
          </Checkbox.Root>
          <IconButton
            ref={setActivatorNodeRef}
            variant="ghost"
            size="sm"
            minW="11"
            minH="11"
            cursor="grab"
            aria-label={t('pipeline.dragHandle', { name })}
            data-testid="pipeline-drag-handle"
            {...attributes}
            {...listeners}
          >
            <LuGripVertical aria-hidden />
          </IconButton>
        </Flex>
      ) : null}
      {canMove ? (
        // On a phone a menu moves the card (dragging in a stacked list fights the page's scrolling).
        <Box display={{ base: 'block', sm: 'none' }} mt="2">
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={t('pipeline.moveToLabel', { name })}
              value=""
              onChange={(event) => {
                const to = event.currentTarget.value;
                if (movable(to as ApplicationStatus)) onMove(to as CompanySettableStatus);
              }}
              minH="11"
              data-testid="pipeline-move-to"
            >
              <option value="">{t('pipeline.moveTo')}</option>
              {companySettableStatuses
                .filter((status) => status !== card.status)
                .map((status) => (
                  <option key={status} value={status}>
                    {t(`applications:status.${status}`)}
                  </option>
                ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      ) : null}
    </Box>
  );
}

function Column({
  status,
  count,
  shown,
  children,
}: {
  status: ApplicationStatus;
  count: number;
  shown: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('company');
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: !movable(status) });
  return (
    <Stack
      as="section"
      ref={setNodeRef}
      aria-labelledby={headingId}
      gap="2"
      p="2"
      rounded="l3"
      borderWidth="1px"
      borderColor={isOver ? 'brand.solid' : 'border'}
      bg={isOver ? 'brand.subtle' : 'bg.subtle'}
      minH="24"
      minW="0"
      data-testid="pipeline-column"
      data-status={status}
    >
      <HStack justify="space-between" gap="2" px="1">
        <Heading as="h3" size="sm" id={headingId}>
          {t(`applications:status.${status}`)}
          <VisuallyHidden>, {t('pipeline.columnCount', { count })}</VisuallyHidden>
        </Heading>
        <Badge variant="surface" aria-hidden data-testid="pipeline-count">
          {count}
        </Badge>
      </HStack>
      {status === 'withdrawn' ? (
        <Text textStyle="xs" color="fg.muted" px="1">
          {t('pipeline.withdrawnHelp')}
        </Text>
      ) : null}
      {count === 0 ? (
        <Text textStyle="sm" color="fg.muted" px="1">
          {t('pipeline.empty')}
        </Text>
      ) : null}
      <Stack as="ul" gap="2">
        {children}
      </Stack>
      {count > shown ? (
        <Text textStyle="xs" color="fg.muted" px="1">
          {t('pipeline.more', { count: count - shown })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A job's applicants by status: one column per stage with its count; cards move by drag, by keyboard (Space or Enter
 * on the handle, arrows, Space or Enter) and on a phone by a menu, through the same status move as the application
 * page (optimistic version, silent unless the member chooses a message for moves; a move to Rejected asks first, with a
 * reason for the organization's records). Several cards move with bulk-status.
 */
export default function PipelineBoard({
  jobId,
  filters,
  listSearch,
}: {
  jobId: string;
  filters: PipelineQuery;
  /** The list's query (filters, sort, view), carried to the application page for previous/next. */
  listSearch: string;
}) {
  const { t } = useTranslation('company');
  const pipeline = useResource(`pipeline:${jobId}:${JSON.stringify(filters)}`, (signal) =>
    getPipeline(jobId, filters, signal),
  );
  // The board as last shown, for the handlers that finish after an await.
  const latest = useRef(pipeline.data);
  useEffect(() => {
    latest.current = pipeline.data;
  });
  // Ages ("3 d") are counted from when the board was opened.
  const [now] = useState(() => Date.now());
  // What each move tells the student: nothing unless the member chooses (as in the tools recruiters use).
  const [message, setMessage] = useState<MoveMessage>({ kind: 'none' });
  // A move to Rejected waits for the member to confirm it (with a reason for the organization's records).
  const [rejecting, setRejecting] = useState<PipelineCard | null>(null);
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [reasonNote, setReasonNote] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }),
  );

  const cardOf = (id: string | number | undefined) => findCard(latest.current, id);
  const nameOf = (id: string | number) => {
    const card = cardOf(id);
    return card ? `${card.firstName} ${card.lastName}` : '';
  };
  const columnName = (status: string | number | undefined) => t(`applications:status.${String(status)}`);

  // The first "over" of a drag is the card's own column: the pick-up announcement already says where it is.
  const justPickedUp = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return t('pipeline.announce.start', { name: nameOf(active.id), from: columnName(cardOf(active.id)?.status) });
    },
    onDragOver: ({ active, over }) => {
      const first = justPickedUp.current;
      justPickedUp.current = false;
      if (first && over?.id === cardOf(active.id)?.status) return undefined;
      return over
        ? t('pipeline.announce.over', { name: nameOf(active.id), to: columnName(over.id) })
        : t('pipeline.announce.outside', { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      const from = cardOf(active.id)?.status;
      return over && over.id !== from
        ? t('pipeline.announce.end', { name: nameOf(active.id), to: columnName(over.id) })
        : t('pipeline.announce.stays', { name: nameOf(active.id), from: columnName(from) });
    },
    onDragCancel: ({ active }) =>
      t('pipeline.announce.cancel', { name: nameOf(active.id), from: columnName(cardOf(active.id)?.status) }),
  };

  /** Asks first for a rejection (`rejection` absent), then moves the card and saves the move. */
  async function move(
    card: PipelineCard,
    to: CompanySettableStatus,
    rejection?: { rejectionReason?: RejectionReason; rejectionNote?: string },
  ) {
    const board = latest.current;
    if (!board || card.status === to) return;
    if (to === 'rejected' && rejection === undefined) {
      setReason('');
      setReasonNote('');
      setRejecting(card);
      return;
    }
    const name = `${card.firstName} ${card.lastName}`;
    const told = message.kind !== 'none';
    pipeline.setData(withCardMoved(board, card.applicationId, to));
    try {
      const updated = await setApplicationStatus(
        card.applicationId,
        to,
        card.version,
        messageRequestOf(message),
        rejection ?? {},
      );
      if (latest.current)
        pipeline.setData(
          withCardMoved(latest.current, card.applicationId, updated.status, {
            version: updated.version,
            statusChangedAt: updated.statusChangedAt,
          }),
        );
      toaster.create({
        type: 'success',
        title: t('pipeline.moved', { name, status: columnName(to) }),
        description: t(told ? 'application.statusToldStudent' : 'application.statusSilent'),
      });
    } catch (error) {
      const code = errorCodeOf(error);
      // The card goes back where it was; the board is read again to show where it really is.
      if (latest.current) pipeline.setData(withCardMoved(latest.current, card.applicationId, card.status, card));
      if (code === 'stale_status' || code === 'application_withdrawn')
        toaster.create({
          type: 'warning',
          title: t('pipeline.staleTitle', { name }),
          description: t('pipeline.staleBody'),
        });
      else
        toaster.create({
          type: 'error',
          title: t('pipeline.moveFailed', { name }),
          description: apiErrorText(t, error),
        });
      pipeline.reload();
    }
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const card = cardOf(active.id);
    if (card && over && movable(over.id as ApplicationStatus)) void move(card, over.id as CompanySettableStatus);
  }

  if (pipeline.status === 'loading') return <LoadingRows rows={3} height="24" />;
  if (pipeline.status === 'error') return <ErrorPanel error={pipeline.error} onRetry={pipeline.reload} />;
  const active = activeId ? findCard(pipeline.data, activeId) : undefined;

  return (
    <Stack gap="3" data-testid="pipeline-board">
      {/* Moves are silent, as in the tools recruiters use, unless the member chooses what to tell the student. */}
      <MoveMessageSelect value={message} onChange={setMessage} />

      {selected.size > 0 ? (
        <BulkMoveBar
          selected={selected}
          onClear={() => setSelected(new Set())}
          onMoved={pipeline.reload}
          testIdPrefix="pipeline-"
        />
      ) : null}

      <DndContext
        sensors={sensors}
        collisionDetection={columnUnder}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('pipeline.instructions') } }}
        onDragStart={({ active: started }) => setActiveId(String(started.id))}
        onDragCancel={() => setActiveId(null)}
        onDragEnd={onDragEnd}
      >
        {/* Side by side from 480 px, scrolling inside this box (never the page) when they do not fit; stacked below. */}
        <Box overflowX="auto" pb="2" role="region" aria-label={t('pipeline.boardLabel')}>
          <Grid
            templateColumns={{
              base: 'minmax(0, 1fr)',
              sm: `repeat(${pipeline.data.stages.length}, minmax(9rem, 1fr))`,
            }}
            gap="2"
            alignItems="start"
          >
            {pipeline.data.stages.map((stage) => (
              <Column key={stage.status} status={stage.status} count={stage.count} shown={stage.cards.length}>
                {stage.cards.map((card) => (
                  <BoardCard
                    key={card.applicationId}
                    card={card}
                    listSearch={listSearch}
                    now={now}
                    selected={selected.has(card.applicationId)}
                    onSelect={(on) =>
                      setSelected((previous) => {
                        const next = new Set(previous);
                        if (on) next.add(card.applicationId);
                        else next.delete(card.applicationId);
                        return next;
                      })
                    }
                    onMove={(to) => void move(card, to)}
                  />
                ))}
              </Column>
            ))}
          </Grid>
        </Box>
        <DragOverlay>
          {active ? (
            <Box bg="bg" borderWidth="1px" rounded="l2" p="2" shadow="lg" cursor="grabbing">
              <CardBody card={active} listSearch={listSearch} now={now} />
            </Box>
          ) : null}
        </DragOverlay>
      </DndContext>

      <Dialog.Root
        open={rejecting !== null}
        onOpenChange={(detail) => {
          if (!detail.open) setRejecting(null);
        }}
        role="alertdialog"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content data-testid="pipeline-reject-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  {t('pipeline.rejectTitle', { name: rejecting ? `${rejecting.firstName} ${rejecting.lastName}` : '' })}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text>{t(message.kind === 'none' ? 'pipeline.rejectSilent' : 'pipeline.rejectTold')}</Text>
                  <RejectionReasonFields
                    reason={reason}
                    onReason={setReason}
                    note={reasonNote}
                    onNote={setReasonNote}
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" minH="11" h="auto" maxW="full" whiteSpace="normal">
                    {t('pipeline.rejectCancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  variant="destructive"
                  minH="11"
                  h="auto"
                  maxW="full"
                  whiteSpace="normal"
                  data-testid="pipeline-reject-confirm"
                  onClick={() => {
                    const card = rejecting;
                    setRejecting(null);
                    if (card) void move(card, 'rejected', rejectionRequestOf(reason, reasonNote));
                  }}
                >
                  {t('pipeline.rejectConfirm')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
