import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pageQuerySchema } from '../../shared/contract/paging-input';
import { pageHeaders } from '../../shared/http/paged-response';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../shared/http/id-param';
import { CatalogueQueries } from '../../../../projections/catalogue/catalogue.queries';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { RequirePermission, SignedInGuard } from '../../shared/http/guards';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import { may } from '../../identity/contract/staff-roles';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { answerSchema, hideSchema, ReviewInput, reviewInputSchema, voteSchema } from '../contract/review-input';
import { AnswerReview } from '../commands/answer-review.command';
import { HideReview } from '../commands/hide-review.command';
import { ShowReview } from '../commands/show-review.command';
import { DeleteReview } from '../commands/delete-review.command';
import { EditReview } from '../commands/edit-review.command';
import { VoteOnReview } from '../commands/vote-on-review.command';
import { WriteReview } from '../commands/write-review.command';
import { ReviewQueries } from '../../../../projections/reviews/review.queries';
import type { AdminReviewView } from '../contract/review.views';

const reviewIdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Review not found');
const moderationListSchema = pageQuerySchema.extend({ status: z.enum(['hidden', 'visible'], { message: 'status is hidden or visible' }).optional() }).strict();

/** `GET /api/admin/reviews`: a review for moderation, with the name of its product (null once the product was removed). */
const REVIEWS_PER_HOUR = 20;
/** Edits, deletions and votes each append to the log; a generous cap keeps a script from flooding it. */
const REVIEW_CHANGES_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

@Controller('api')
export class ReviewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reviews: ReviewQueries,
    private readonly catalogue: CatalogueQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Get('products/:id/reviews')
  async list(@Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number, @CurrentUser() viewer: SessionUser | null) {
    await this.catalogue.getProduct(productId, false);
    return this.reviews.forProduct(productId, viewer?.id ?? null, may(viewer?.role, 'reviews:moderate'));
  }

  /** One review: where a 202 answer to a review change points. */
  @Get('reviews/:id')
  review(@Param('id', new ZodValidationPipe(reviewIdSchema)) reviewId: string, @CurrentUser() viewer: SessionUser | null) {
    return this.reviews.byId(reviewId, viewer?.id ?? null, may(viewer?.role, 'reviews:moderate'));
  }

  @Get('products/:id/rating')
  async rating(@Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number) {
    await this.catalogue.getProduct(productId, false);
    return this.reviews.rating(productId);
  }

  @Post('products/:id/reviews')
  @UseGuards(SignedInGuard)
  async write(
    @Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number,
    @Body(new ZodValidationPipe(reviewInputSchema)) input: ReviewInput,
    @CurrentUser() author: SessionUser,
    @Context() context: CommandContext,
  ) {
    await this.rateLimiter.consume(`review:${author.id}`, REVIEWS_PER_HOUR, HOUR_MS, 'Too many reviews.');
    const { reviewId, position } = await this.commands.execute(new WriteReview(productId, author, input, context));
    await this.projections.readYourWrite(position, ['reviews'], `/api/products/${productId}/reviews`);
    return this.reviews.byId(reviewId, author.id);
  }

  @Put('reviews/:id')
  @UseGuards(SignedInGuard)
  async edit(
    @Param('id', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(reviewInputSchema)) content: ReviewInput,
    @CurrentUser() user: SessionUser,
    @Context() context: CommandContext,
  ) {
    await this.consumeChange(user);
    const { position } = await this.commands.execute(new EditReview(reviewId, user.id, content, context));
    await this.projections.readYourWrite(position, ['reviews'], `/api/reviews/${reviewId}`);
    return this.reviews.byId(reviewId, user.id);
  }

  @Delete('reviews/:id')
  @UseGuards(SignedInGuard)
  async remove(@Param('id', new ZodValidationPipe(reviewIdSchema)) reviewId: string, @CurrentUser() user: SessionUser, @Context() context: CommandContext) {
    await this.consumeChange(user);
    const { position } = await this.commands.execute(new DeleteReview(reviewId, user.id, context));
    await this.projections.readYourWrite(position, ['reviews'], `/api/reviews/${reviewId}`);
    return { message: 'Review Deleted' };
  }

  @Post('reviews/:id/vote')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async vote(
    @Param('id', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(voteSchema)) body: z.infer<typeof voteSchema>,
    @CurrentUser() user: SessionUser,
    @Context() context: CommandContext,
  ) {
    await this.consumeChange(user);
    const { position } = await this.commands.execute(new VoteOnReview(reviewId, user.id, body.isHelpful, context));
    await this.projections.readYourWrite(position, ['reviews'], `/api/reviews/${reviewId}`);
    return this.reviews.byId(reviewId, user.id);
  }

  /** Moderation: every product's reviews, hidden ones with their reason, newest first; `status` narrows to hidden or visible ones. */
  @Get('admin/reviews')
  @RequirePermission('reviews:moderate')
  async moderation(@Query(new ZodValidationPipe(moderationListSchema)) { status, page, pageSize }: z.infer<typeof moderationListSchema>, @Res({ passthrough: true }) response: Response): Promise<AdminReviewView[]> {
    const reviews = await this.reviews.forModeration(status, { page, pageSize });
    const names = await this.catalogue.productNames([...new Set(reviews.items.map((review) => review.productId))]);
    return pageHeaders(response, { ...reviews, items: reviews.items.map((review) => ({ ...review, productName: names.get(review.productId) ?? null })) });
  }

  @Post('admin/reviews/:id/response')
  @RequirePermission('reviews:moderate')
  @HttpCode(200)
  async answer(
    @Param('id', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(answerSchema)) body: z.infer<typeof answerSchema>,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new AnswerReview(reviewId, admin.id, body.response, context));
    await this.projections.readYourWrite(position, ['reviews'], `/api/reviews/${reviewId}`);
    return this.reviews.byId(reviewId, admin.id, true);
  }

  /** Moderation: the review leaves the storefront and the rating; admins still see it, marked hidden. */
  @Post('admin/reviews/:id/hide')
  @RequirePermission('reviews:moderate')
  @HttpCode(200)
  async hide(
    @Param('id', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(hideSchema)) body: z.infer<typeof hideSchema>,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new HideReview(reviewId, admin.id, body.reason, context));
    await this.projections.readYourWrite(position, ['reviews'], `/api/reviews/${reviewId}`);
    return this.reviews.byId(reviewId, admin.id, true);
  }

  /** Lifts the hiding: the review is back on the storefront and in the rating. */
  @Delete('admin/reviews/:id/hide')
  @RequirePermission('reviews:moderate')
  async show(@Param('id', new ZodValidationPipe(reviewIdSchema)) reviewId: string, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new ShowReview(reviewId, admin.id, context));
    await this.projections.readYourWrite(position, ['reviews'], `/api/reviews/${reviewId}`);
    return this.reviews.byId(reviewId, admin.id, true);
  }

  private consumeChange(user: SessionUser): Promise<void> {
    return this.rateLimiter.consume(`review-change:${user.id}`, REVIEW_CHANGES_PER_HOUR, HOUR_MS, 'Too many review changes.');
  }
}
