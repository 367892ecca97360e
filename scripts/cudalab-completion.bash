# bash completion for cudalab: commands, options, the course's days and .cu files.
_cudalab()
{
    local cur prev cmd
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    cmd="${COMP_WORDS[1]}"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "grade batch merge pack autograde list doctor reset show hint next verify trace new check-course --poll --help --version" -- "$cur"))
        return
    fi
    case "$prev" in
        --backend) COMPREPLY=($(compgen -W "auto emu gpu" -- "$cur")); return ;;
        --out|--root) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --csv) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --seed|--jobs|--threads|--shard|--name-from|--kernel|--block|--warp|--size|--steps) return ;;
    esac
    case "$cur" in
        -*)
            case "$cmd" in
                grade) COMPREPLY=($(compgen -W "--json --classroom50 --backend --seed --threads --progress --help --version" -- "$cur")) ;;
                batch) COMPREPLY=($(compgen -W "--jobs --out --csv --regrade --name-from --shard --similar --backend --seed --help --version" -- "$cur")) ;;
                autograde) COMPREPLY=($(compgen -W "--root --seed --backend --help --version" -- "$cur")) ;;
                check-course) COMPREPLY=($(compgen -W "--watch --help --version" -- "$cur")) ;;
                trace) COMPREPLY=($(compgen -W "--kernel --block --warp --launch --size --seed --steps --json --help --version" -- "$cur")) ;;
                new) COMPREPLY=($(compgen -W "--program --help --version" -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W "--help --version" -- "$cur")) ;;
            esac
            return ;;
    esac
    if [ "$COMP_CWORD" -eq 2 ] && [ "$cmd" = pack ]; then
        COMPREPLY=($(compgen -W "student gradescope" -- "$cur"))
        return
    fi
    if [ "$COMP_CWORD" -eq 3 ] && [ "$cmd" = pack ] && [ "$prev" = gradescope ]; then
        COMPREPLY=($(compgen -W "$(cudalab list 2>/dev/null | grep -oE 'day[0-9]+-[A-Za-z0-9_-]+' | sort -u)" -- "$cur"))
        return
    fi
    if [ "$COMP_CWORD" -eq 2 ] && [ "$cmd" = autograde -o "$cmd" = grade -o "$cmd" = batch -o "$cmd" = reset -o "$cmd" = show -o "$cmd" = hint -o "$cmd" = trace -o "$cmd" = check-course ]; then
        local days
        days="$(cudalab list 2>/dev/null | grep -oE 'day[0-9]+-[A-Za-z0-9_-]+' | sort -u)"
        COMPREPLY=($(compgen -W "$days" -- "$cur"))
        return
    fi
    if [ "$cmd" = merge ]; then
        COMPREPLY=($(compgen -f -X '!*.csv' -- "$cur") $(compgen -d -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -X '!*.cu' -- "$cur") $(compgen -d -- "$cur"))
}
complete -o filenames -F _cudalab cudalab
