# bash completion for cudalab: commands, options, the course's days and .cu files.
_cudalab()
{
    local cur prev cmd
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    cmd="${COMP_WORDS[1]}"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "grade batch list doctor reset new check-course --help" -- "$cur"))
        return
    fi
    case "$prev" in
        --backend) COMPREPLY=($(compgen -W "auto emu gpu" -- "$cur")); return ;;
        --out) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --csv) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --seed|--jobs|--threads) return ;;
    esac
    case "$cur" in
        -*)
            case "$cmd" in
                grade) COMPREPLY=($(compgen -W "--json --backend --seed --threads --progress --help" -- "$cur")) ;;
                batch) COMPREPLY=($(compgen -W "--jobs --out --csv --regrade --backend --seed --help" -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W "--help" -- "$cur")) ;;
            esac
            return ;;
    esac
    if [ "$COMP_CWORD" -eq 2 ] && [ "$cmd" = grade -o "$cmd" = batch -o "$cmd" = reset -o "$cmd" = check-course ]; then
        local days
        days="$(cudalab list 2>/dev/null | grep -oE 'day[0-9]+-[A-Za-z0-9_-]+' | sort -u)"
        COMPREPLY=($(compgen -W "$days" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -X '!*.cu' -- "$cur") $(compgen -d -- "$cur"))
}
complete -o filenames -F _cudalab cudalab
