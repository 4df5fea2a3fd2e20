#!/bin/bash
# Copyright IBM Corp. 2017, 2026
# SPDX-License-Identifier: MPL-2.0

echo "VAR1=$VAR1, VAR2=$VAR2" >> test_file.txt
