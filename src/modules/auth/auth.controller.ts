import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser, Public } from '../../common/decorators/access.decorators.js';
import { isInfrastructureError } from '../../common/errors/infrastructure-error.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { AuthService, type MeResponse } from './auth.service.js';
import { EmailParamDto, ResetPasswordBodyDto, ResetPasswordParamsDto } from './dto/password-reset.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { clientIp } from '../../common/http/client-ip.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';
import type { SessionUser } from './session.mapper.js';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Access token and the session user; the refresh token is set as an httpOnly cookie' })
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ token: string; user: SessionUser }> {
    const session = await this.auth.login(dto.email, dto.password, clientIp(req));
    setRefreshCookie(req, res, session.refreshToken, this.config.refreshTokenTtlSeconds);
    return { token: session.token, user: session.user };
  }

  @Public()
  @Post('auth/refresh_token')
  @HttpCode(200)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ token: string; user: SessionUser }> {
    try {
      const session = await this.auth.refresh(readRefreshCookie(req));
      setRefreshCookie(req, res, session.refreshToken, this.config.refreshTokenTtlSeconds);
      return { token: session.token, user: session.user };
    } catch (error) {
      // An outage (503) says nothing about the refresh token: the browser keeps it and tries again.
      if (!isInfrastructureError(error)) clearRefreshCookie(req, res);
      throw error;
    }
  }

  @AnyUser()
  @ApiBearerAuth()
  @Delete('auth/logout')
  @HttpCode(204)
  async logout(@Auth() ctx: AuthContext, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logout(ctx);
    clearRefreshCookie(req, res);
  }

  @AnyUser()
  @ApiBearerAuth()
  @Get('auth/me')
  me(@Auth() ctx: AuthContext): Promise<MeResponse> {
    return this.auth.me(ctx);
  }

  /** The body form (`{ email }`), preferred: the address stays out of URLs and logs. */
  @Public()
  @Post('forgetpassword')
  @HttpCode(200)
  forgotByBody(@Body() body: EmailParamDto, @Req() req: Request): Promise<{ status: number; message: string }> {
    return this.auth.forgotPassword(body.email, clientIp(req));
  }

  /** The spec's path form; request logs redact its segments. */
  @Public()
  @Post('forgetpassword/:email')
  @HttpCode(200)
  forgot(@Param() params: EmailParamDto, @Req() req: Request): Promise<{ status: number; message: string }> {
    return this.auth.forgotPassword(params.email, clientIp(req));
  }

  /** The body form (`{ email, token, newPassword }`), preferred: secrets stay out of URLs and logs. */
  @Public()
  @Post('resetpasswords')
  @HttpCode(200)
  resetByBody(@Body() body: ResetPasswordBodyDto, @Req() req: Request): Promise<{ status: number; message: string }> {
    return this.auth.resetPassword(body.email, body.token, body.newPassword, clientIp(req));
  }

  /** The spec's path form, kept for clients that use it; request logs redact its segments. */
  @Public()
  @Post('resetpasswords/:email/:token/:newPassword')
  @HttpCode(200)
  reset(@Param() params: ResetPasswordParamsDto, @Req() req: Request): Promise<{ status: number; message: string }> {
    return this.auth.resetPassword(params.email, params.token, params.newPassword, clientIp(req));
  }
}
