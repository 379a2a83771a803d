import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

/** Documents both list dialects on a list endpoint. */
export const ApiListQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'searchParam', required: false }),
    ApiQuery({ name: 'pageNumber', required: false }),
    ApiQuery({ name: 'filter', required: false, description: 'react-admin dialect: JSON object' }),
    ApiQuery({ name: 'range', required: false, description: 'react-admin dialect: [start, end]' }),
    ApiQuery({ name: 'sort', required: false, description: 'react-admin dialect: [field, ASC|DESC]' }),
  );
