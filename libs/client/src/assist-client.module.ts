import { AssistClient, type AssistClientOptions } from './assist-client';

export interface AssistClientModuleOptions extends AssistClientOptions {
  /** Provide AssistClient to every module of the application (default false). */
  isGlobal?: boolean;
}

export interface AssistClientModuleAsyncOptions<Import, Token> {
  imports?: Import[];
  /** Providers handed to useFactory, in order (ConfigService, say). */
  inject?: Token[];
  useFactory: (...dependencies: never[]) => AssistClientOptions | Promise<AssistClientOptions>;
  isGlobal?: boolean;
}

/**
 * A Nest dynamic module, shaped as Nest's DynamicModule without importing @nestjs/common, so this
 * package loads in services that do not use Nest.
 */
export interface AssistClientDynamicModule<Import = never, Token = never> {
  module: typeof AssistClientModule;
  global: boolean;
  imports: Import[];
  providers: {
    provide: typeof AssistClient;
    useFactory: (...dependencies: never[]) => AssistClient | Promise<AssistClient>;
    inject: Token[];
  }[];
  exports: (typeof AssistClient)[];
}

/** Provides AssistClient (the class is its own injection token) to Nest services. */
export class AssistClientModule {
  static forRoot({
    isGlobal = false,
    ...options
  }: AssistClientModuleOptions): AssistClientDynamicModule {
    return AssistClientModule.forRootAsync({ isGlobal, useFactory: () => options });
  }

  static forRootAsync<Import = never, Token = never>(
    options: AssistClientModuleAsyncOptions<Import, Token>,
  ): AssistClientDynamicModule<Import, Token> {
    return {
      module: AssistClientModule,
      global: options.isGlobal ?? false,
      imports: options.imports ?? [],
      providers: [
        {
          provide: AssistClient,
          useFactory: async (...dependencies: never[]) =>
            new AssistClient(await options.useFactory(...dependencies)),
          inject: options.inject ?? [],
        },
      ],
      exports: [AssistClient],
    };
  }
}
