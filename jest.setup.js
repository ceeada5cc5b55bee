// Services started inside tests log only warnings and errors unless LOG_LEVELS says otherwise.
process.env.LOG_LEVELS ??= 'fatal,error,warn';
