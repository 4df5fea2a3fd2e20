#!/bin/bash
# Copyright IBM Corp. 2017, 2026
# SPDX-License-Identifier: MPL-2.0


echo "ru roh, an error occurred in the bash script!" >&2
exit 1